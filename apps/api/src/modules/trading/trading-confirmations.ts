// Trade confirmations (decision 137): one e-mail per deal, a fill or a close, for a client who
// turned them on. Built here and queued by the caller in the deal's own transaction, right after
// the deal's insert succeeded: a rolled-back deal mails nothing, and since a deal's key is
// UNIQUE, a replayed request or a re-evaluated tick (no second deal) mails nothing twice.
import {
  TRADING_MESSAGES,
  dealReasonText,
  formatLots,
  formatPoints,
  sideText,
} from '@brokerdesk/shared/trading';
import type { ClientMailBuild } from '../mail/index.js';
import type { AccountRow } from './trading.repo.js';
import type { DealInsert } from './trading-positions.repo.js';
import { specOf } from './trading-specs.js';

/** "2026-12-07 22:15:03.120 UTC": engine time is UTC with milliseconds (§11.1). */
export function utcTimeText(time: Date): string {
  const iso = time.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 23)} UTC`;
}

/**
 * The confirmation of `deal` on `account`, built with the client's row: null (nothing sent)
 * when the client has confirmations off. A demo reset's closes are not confirmed: they have no
 * price, and the client asked for the reset itself.
 */
export function tradeConfirmation(
  account: Pick<AccountRow, 'kind' | 'clientId'>,
  deal: Pick<
    DealInsert,
    'symbol' | 'side' | 'entry' | 'volume' | 'price' | 'time' | 'pnlMinor' | 'reason' | 'note'
  > & { id: number; trailing: boolean },
): { clientId: string; build: ClientMailBuild } | null {
  if (deal.reason === 'reset') return null;
  return {
    clientId: account.clientId,
    build: (client, templates) =>
      client.tradeConfirmations
        ? templates.tradeConfirmation({
            firstName: client.firstName,
            accountLabel: account.kind === 'live' ? 'Live' : 'Demo',
            dealId: deal.id,
            entry: deal.entry,
            symbol: deal.symbol,
            side: sideText(deal.side),
            lots: formatLots(deal.volume),
            price: formatPoints(deal.price, specOf(deal.symbol).digits),
            time: utcTimeText(deal.time),
            pnlMinor: deal.pnlMinor,
            reason: dealReasonText(deal),
            pricesLabel: TRADING_MESSAGES.simulatedPrices,
          })
        : null,
  };
}
