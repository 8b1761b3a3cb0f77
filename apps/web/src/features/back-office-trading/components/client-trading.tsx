import { formatCents, roleCan } from '@brokerdesk/shared';
import { useId } from 'react';
import { useAdminProfile } from '../../../api/get-admin-profile';
import {
  ActionNotice,
  useActionNotice,
  type ActionOutcome,
} from '../../../components/ui/action-notice';
import { DateTime } from '../../../components/ui/date-time';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { Pill } from '../../../components/ui/pill';
import { TableFrame } from '../../../components/ui/table-frame';
import { EmptyRow, TableCaption, TableHead } from '../../../components/ui/table-parts';
import { dealReasonText, sideText } from '../../../lib/deal-text';
import { pnlTone } from '../../../lib/pnl-tone';
import { priceSourceLabel } from '../../../lib/price-source';
import { useClientTrading, type ClientTradingAccount } from '../api/dealing-desk';
import { DealCorrectionAction } from './deal-correction';
import { ClientTradingMode } from './trading-controls';
import '../back-office-trading.css';

const DEAL_COLUMNS = ['Deal', 'Why', 'P/L', 'Time'];

const TONE_CLASSES = { gain: 'bo-desk-gain', loss: 'bo-desk-loss', flat: undefined } as const;

/** A P/L coloured as on the dealing desk: green above zero, red below, neither at zero. */
function Pnl({ minor }: { minor: number }) {
  return <span className={TONE_CLASSES[pnlTone(minor)]}>{formatCents(minor)}</span>;
}

type Deal = ClientTradingAccount['deals'][number];

/** The desk's correction of a deal (decision 136), as the client is shown it. */
function CorrectionNote({ deal }: { deal: Deal }) {
  const { correction } = deal;
  if (!correction) return null;
  return (
    <>
      {' '}
      · Corrected by the dealing desk (“{correction.reason}”): was {correction.originalPrice}
      {deal.entry === 'out' ? `, ${formatCents(correction.originalPnlMinor)}` : ''}
    </>
  );
}

function Account({
  account,
  canDeal,
  onOutcome,
}: {
  account: ClientTradingAccount;
  canDeal: boolean;
  onOutcome: (outcome: ActionOutcome) => void;
}) {
  const positionsId = useId();
  const dealsId = useId();
  const name = account.kind === 'live' ? 'Live' : 'Demo';
  return (
    <div className="bo-client-trading-account">
      <h3>
        {name} account{' '}
        {account.status === 'open' ? null : <Pill tone="muted">{account.status}</Pill>}
        {account.marginCall ? <Pill tone="danger">Margin call</Pill> : null}
      </h3>
      <p>
        Balance {formatCents(account.balanceMinor)} · equity {formatCents(account.equityMinor)} ·
        used margin {formatCents(account.usedMarginMinor)} · margin level{' '}
        {account.marginLevel === null ? '—' : `${account.marginLevel} %`}
      </p>
      <TableFrame labelledBy={positionsId}>
        <table>
          <TableCaption id={positionsId}>{`${name} account: open positions`}</TableCaption>
          <TableHead columns={['Position', 'Open → now', 'Floating P/L', 'Opened']} />
          <tbody>
            {account.positions.length === 0 ? (
              <EmptyRow columns={4}>No open position.</EmptyRow>
            ) : (
              account.positions.map((position) => (
                <tr key={position.id}>
                  <td>
                    {sideText(position.side)} {position.volume} {position.symbol}
                  </td>
                  <td className="table-number">
                    {position.openPrice} → {position.closePrice ?? '—'}
                  </td>
                  <td className="table-number">
                    <Pnl minor={position.floatingPnlMinor} />
                  </td>
                  <td>
                    <DateTime value={position.openTime} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableFrame>
      <TableFrame labelledBy={dealsId}>
        <table>
          <TableCaption id={dealsId}>{`${name} account: latest deals, newest first`}</TableCaption>
          <TableHead columns={canDeal ? [...DEAL_COLUMNS, 'Action'] : DEAL_COLUMNS} />
          <tbody>
            {account.deals.length === 0 ? (
              <EmptyRow columns={canDeal ? 5 : 4}>No deal yet.</EmptyRow>
            ) : (
              account.deals.map((deal) => (
                <tr key={deal.id}>
                  <td>
                    {sideText(deal.side)} {deal.volume} {deal.symbol} at {deal.price}
                  </td>
                  <td className="table-wrap">
                    {dealReasonText(deal, 'staff')}
                    <CorrectionNote deal={deal} />
                  </td>
                  <td className="table-number">
                    {deal.entry === 'in' ? '—' : <Pnl minor={deal.pnlMinor} />}
                  </td>
                  <td>
                    <DateTime value={deal.time} />
                  </td>
                  {canDeal ? (
                    <td>
                      {deal.reason === 'reset' ? null : (
                        <DealCorrectionAction deal={deal} onOutcome={onOutcome} />
                      )}
                    </td>
                  ) : null}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableFrame>
    </div>
  );
}

/**
 * The Trading section of a client's back-office page (issue 19): each of their trading
 * accounts with its figures now, open positions and latest deals. For roles that see the
 * dealing desk; others see nothing of it.
 */
export function ClientTrading({ clientId }: { clientId: string }) {
  const headingId = useId();
  const role = useAdminProfile().data?.role;
  const allowed = role !== undefined && roleCan(role, 'trading:read');
  const canDeal = role !== undefined && roleCan(role, 'trading:deal');
  const trading = useClientTrading(clientId, allowed);
  const notice = useActionNotice();
  if (!allowed) return null;
  return (
    <section className="bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Trading</h2>
      <ActionNotice outcome={notice.outcome} noticeRef={notice.ref} />
      <ClientTradingMode clientId={clientId} canDeal={canDeal} onOutcome={notice.report} />
      {trading.isError ? (
        <ErrorPanel
          error={trading.error}
          message="We could not load this client’s trading."
          onRetry={() => void trading.refetch()}
          retrying={trading.isFetching}
        />
      ) : trading.isPending ? (
        <p aria-busy="true">Loading the trading accounts…</p>
      ) : trading.data.accounts.length === 0 ? (
        <p>This client has no trading account.</p>
      ) : (
        <>
          <p className="bo-desk-source">{priceSourceLabel(trading.data.priceSource)}</p>
          {trading.data.accounts.map((account) => (
            <Account
              key={account.id}
              account={account}
              canDeal={canDeal}
              onOutcome={notice.report}
            />
          ))}
        </>
      )}
    </section>
  );
}
