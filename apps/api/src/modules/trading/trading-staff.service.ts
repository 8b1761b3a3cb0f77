// The dealing desk's reads (issue 19): open positions across clients with their floating P/L
// and whose they are, and the book's net exposure per instrument (live accounts).
import { formatLots } from '@brokerdesk/shared/trading';
import { listAllOpenPositions, sumOpenVolumeBySymbol } from './trading-book.repo.js';
import type { TradingContext } from './trading-context.js';
import type { MarketView } from './trading-market.js';
import { toPositionView } from './trading.view.js';

const STAFF_POSITIONS_LIMIT = 500;

export function makeStaffTrading({ db, hub }: TradingContext) {
  function market(): MarketView {
    return { latest: (symbol) => hub.latest(symbol), nowMs: hub.now() };
  }

  async function listPositions() {
    const view = market();
    const rows = await listAllOpenPositions(db, STAFF_POSITIONS_LIMIT);
    return {
      priceSource: hub.source,
      positions: rows.map((row) => ({
        ...toPositionView(row, view, hub.source),
        accountId: row.accountId,
        accountKind: row.kind,
        clientId: row.clientId,
        clientName: row.clientName,
        clientEmail: row.clientEmail,
      })),
    };
  }

  async function exposure() {
    const rows = await sumOpenVolumeBySymbol(db);
    const bySymbol = new Map<
      string,
      { symbol: string; longVolume: number; shortVolume: number; positions: number }
    >();
    for (const row of rows) {
      const entry = bySymbol.get(row.symbol) ?? {
        symbol: row.symbol,
        longVolume: 0,
        shortVolume: 0,
        positions: 0,
      };
      if (row.side === 'buy') entry.longVolume += row.volume;
      else entry.shortVolume += row.volume;
      entry.positions += row.positions;
      bySymbol.set(row.symbol, entry);
    }
    return {
      priceSource: hub.source,
      instruments: [...bySymbol.values()].map((entry) => ({
        symbol: entry.symbol,
        long: formatLots(entry.longVolume),
        short: formatLots(entry.shortVolume),
        net:
          (entry.longVolume >= entry.shortVolume ? '' : '-') +
          formatLots(Math.abs(entry.longVolume - entry.shortVolume)),
        positions: entry.positions,
      })),
    };
  }

  return { listPositions, exposure };
}
