import { useCallback, useMemo, useState } from 'react';
import {
  useDeals,
  useProtections,
  usePendingOrders,
  usePositions,
  useTradingAccounts,
} from '../api/get-account-data';
import { useInstruments, useQuotes, useTradingStatus } from '../api/get-market';
import { useSwaps } from '../api/get-swaps';
import { useOnboarding } from '../api/onboarding';
import type { AccountKind } from '../api/types';
import { useQuoteStream, type StreamState } from '../hooks/use-quote-stream';
import { useServerCloses } from '../hooks/use-server-closes';
import { liveFigures } from '../lib/figures';
import { forClient } from '../lib/leverage';
import { AccountBar } from './account-bar';
import { CandleChart } from './candle-chart';
import { HistoryPanel } from './history-panel';
import { InstrumentList } from './instrument-list';
import { OrderTicket } from './order-ticket';
import { OrdersPanel } from './orders-panel';
import { PositionsPanel } from './positions-panel';
import '../trading.css';

type Section = 'list' | 'chart' | 'ticket' | 'positions';
const SECTIONS: { id: Section; label: string }[] = [
  { id: 'list', label: 'Prices' },
  { id: 'chart', label: 'Chart' },
  { id: 'ticket', label: 'Order' },
  { id: 'positions', label: 'Positions' },
];

function StreamBanner({ state, allClosed }: { state: StreamState; allClosed: boolean }) {
  let text = '';
  if (state.status === 'dropped')
    text =
      state.retryInSeconds > 0
        ? `Live prices are disconnected: trying again in ${state.retryInSeconds} s. Prices shown may be out of date.`
        : 'Live prices are not available in this browser: prices shown may be out of date.';
  else if (allClosed)
    text =
      'The markets are closed (they trade from Sunday 21:00 to Friday 21:00 UTC). Prices shown are the last ones.';
  return (
    <p role="status" className={text ? 'trade-banner' : 'trade-banner trade-banner--empty'}>
      {text}
    </p>
  );
}

/**
 * The trading terminal at /userDashboard/trade: account bar, instruments with live prices, chart,
 * order ticket, positions, pending orders and history. On a phone the four sections are tabs;
 * from 960 px they sit side by side. Fills and refusals are announced in a polite live region.
 */
export function TradingTerminal() {
  const [kind, setKind] = useState<AccountKind>('demo');
  const [symbol, setSymbol] = useState('EURUSD');
  const [section, setSection] = useState<Section>('list');
  const [message, setMessage] = useState({ text: '', n: 0 });
  const announce = useCallback((text: string) => setMessage((m) => ({ text, n: m.n + 1 })), []);

  const instruments = useInstruments();
  const status = useTradingStatus();
  const quotesQuery = useQuotes();
  const { quotes, state } = useQuoteStream(quotesQuery.data?.quotes);
  const priceSource = quotesQuery.data?.priceSource;
  const accounts = useTradingAccounts();
  const account = accounts.data?.find((a) => a.kind === kind && a.status !== 'archived');
  const accountId = account?.id ?? null;
  const positions = usePositions(accountId);
  const orders = usePendingOrders(accountId);
  const deals = useDeals(accountId);
  const protections = useProtections(accountId);
  const swaps = useSwaps(accountId);

  const names = useMemo(
    () => new Map((instruments.data ?? []).map((row) => [row.symbol, row.displayName])),
    [instruments.data],
  );
  const changes = useMemo(
    () => new Map((quotesQuery.data?.quotes ?? []).map((q) => [q.symbol, q.changePercent])),
    [quotesQuery.data],
  );
  // A new account (switch, reset) starts its own record of what was already announced.
  useServerCloses(deals.data?.deals, names, announce, String(accountId), orders.data);
  // The category's leverage cap (decision 132): what the ticket's margin is computed at.
  const onboarding = useOnboarding();
  const instrument = forClient(
    instruments.data?.find((row) => row.symbol === symbol),
    onboarding.data,
  );
  const figures =
    account && positions.data ? liveFigures(account.balanceMinor, positions.data, quotes) : null;
  const allClosed = (instruments.data?.length ?? 0) > 0 && instruments.data!.every((r) => !r.open);
  const name = names.get(symbol) ?? symbol;

  const panel = (id: Section) =>
    `trade-section trade-section--${id}${section === id ? ' is-active' : ''}`;

  return (
    <div className="trade">
      <div className="trade-head">
        <h1>Trade</h1>
        <p className="trade-counterparty">
          Simulated prices. We are the counterparty of every trade you make here: the platform pays
          your realised profits and receives your realised losses.
        </p>
      </div>
      <AccountBar
        kind={kind}
        onKindChange={setKind}
        account={account}
        figures={figures}
        loading={accounts.isPending}
        announce={announce}
      />
      <StreamBanner state={state} allClosed={allClosed} />
      {status.data?.message ? (
        <p role="alert" className="trade-banner trade-banner--danger">
          {status.data.message}
        </p>
      ) : null}
      {/* Always in the page, so assistive technology follows it; a repeated message still changes. */}
      <p role="status" aria-live="polite" className="trade-announcer">
        {message.text}
        {message.n % 2 === 1 ? '\u00a0' : ''}
      </p>
      <nav className="trade-tabs" aria-label="Terminal sections">
        {SECTIONS.map((s) => (
          <button
            key={s.id}
            type="button"
            className="trade-tab"
            aria-pressed={section === s.id}
            onClick={() => setSection(s.id)}
          >
            {s.label}
          </button>
        ))}
      </nav>
      <div className="trade-grid">
        <div className={panel('list')}>
          <InstrumentList
            instruments={instruments.data}
            quotes={quotes}
            changes={changes}
            selected={symbol}
            onSelect={(next) => {
              setSymbol(next);
              announce(`${names.get(next) ?? next} selected.`);
            }}
            priceSource={priceSource}
          />
        </div>
        <div className={panel('chart')}>
          <CandleChart symbol={symbol} name={name} quote={quotes.get(symbol)} />
        </div>
        <div className={panel('ticket')}>
          <OrderTicket
            key={symbol}
            accountId={accountId}
            symbol={symbol}
            instrument={instrument}
            quotes={quotes}
            priceSource={priceSource}
            announce={announce}
          />
        </div>
        <div className={panel('positions')}>
          {accountId !== null ? (
            <>
              <PositionsPanel
                accountId={accountId}
                positions={positions.data}
                quotes={quotes}
                names={names}
                priceSource={priceSource}
                announce={announce}
              />
              <OrdersPanel
                accountId={accountId}
                orders={orders.data}
                names={names}
                announce={announce}
              />
              <HistoryPanel
                accountId={accountId}
                deals={deals.data?.deals}
                nextCursor={deals.data?.nextCursor}
                names={names}
                protections={protections.data}
                swaps={swaps.data?.swaps}
                swapsCursor={swaps.data?.nextCursor}
              />
            </>
          ) : (
            <section className="trade-card">
              <h2 className="trade-card-title">Positions</h2>
              <p className="trade-note">Open an account to see positions, orders and history.</p>
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
