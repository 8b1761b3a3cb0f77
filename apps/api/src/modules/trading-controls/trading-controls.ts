// The dealing desk's trading controls (issue 19, decision 133): the whole platform or one client
// set to normal, close only or halted, at run time, with a reason. Every instance keeps the rows
// in force in memory, so an order's checks and the evaluator read them without a query; other
// instances follow a change within a poll (db/change-follower.ts).
//
// The stricter of the platform's mode and the client's applies:
// - close_only: new orders and modifications are refused, pending orders wait; closes and
//   cancels work, and stop loss, take profit and stop-out act;
// - halted: the client's closes are refused too (prices may be wrong: the reason to halt); a
//   cancel still works, as it always does (§11.8), and the automatic closes still act, because
//   they limit a loss the client and the book would bear.
// The desk's own close works in every mode: it is how the desk acts during an incident.
import { TRADING_MESSAGES } from '@brokerdesk/shared/trading';
import type { TradingMode } from '@brokerdesk/shared/trading';
import type { FastifyBaseLogger } from 'fastify';
import { followChanges } from '../../db/change-follower.js';
import type { Db } from '../../db/client.js';
import {
  insertControl,
  lockControl,
  selectControlsInForce,
  selectLatestControlId,
} from './trading-controls.repo.js';
import type { ControlInForce, ControlRow } from './trading-controls.repo.js';

export type { ControlInForce, ControlRow };

export const CONTROLS_POLL_MS = 1_000;

const STRICTNESS: Record<TradingMode, number> = { normal: 0, close_only: 1, halted: 2 };

/** The stricter of two modes. */
export function stricter(a: TradingMode, b: TradingMode): TradingMode {
  return STRICTNESS[a] >= STRICTNESS[b] ? a : b;
}

/** What a client is told when a mode refuses a request. */
export function modeMessage(mode: TradingMode): string | null {
  if (mode === 'close_only') return TRADING_MESSAGES.closeOnly;
  if (mode === 'halted') return TRADING_MESSAGES.halted;
  return null;
}

export function makeTradingControls({
  db,
  log,
  pollMs = CONTROLS_POLL_MS,
}: {
  db: Db;
  log?: FastifyBaseLogger;
  pollMs?: number;
}) {
  let platform: ControlInForce | null = null;
  let byClient = new Map<string, ControlInForce>();
  let latestId = 0;

  function apply(rows: readonly ControlInForce[]) {
    platform = rows.find((row) => row.clientId === null) ?? null;
    byClient = new Map(
      rows.flatMap((row) => (row.clientId === null ? [] : [[row.clientId, row] as const])),
    );
    latestId = Math.max(0, ...rows.map((row) => row.id));
  }

  async function reload(): Promise<void> {
    apply(await selectControlsInForce(db));
  }

  const follower = followChanges({
    db,
    log,
    pollMs,
    what: 'trading controls',
    latestId: selectLatestControlId,
    seenId: () => latestId,
    reload,
  });

  const platformMode = (): TradingMode => platform?.mode ?? 'normal';

  return {
    start: follower.start,
    stop: follower.stop,
    platformMode,
    /** The mode a client trades under now: the stricter of the platform's and their own. */
    modeFor(clientId: string): TradingMode {
      return stricter(platformMode(), byClient.get(clientId)?.mode ?? 'normal');
    },
    /**
     * A client's largest gross notional on live accounts in cents (decision 135): their own
     * limit, else the platform's for every client; null: none.
     */
    exposureLimitMinorFor(clientId: string): number | null {
      const usd = byClient.get(clientId)?.exposureLimitUsd ?? platform?.exposureLimitUsd ?? null;
      return usd === null ? null : usd * 100;
    },
    /** The platform's row and every client's (normal ones included), as in force. */
    inForce(): { platform: ControlInForce | null; clients: ControlInForce[] } {
      return { platform, clients: [...byClient.values()] };
    },
    /**
     * Writes a change in the caller's transaction (which audits it); `applied` makes it this
     * instance's once the transaction commits.
     */
    async change(
      tx: Db,
      {
        clientId,
        mode,
        reason,
        staffId,
        exposureLimitUsd,
      }: {
        clientId: string | null;
        mode: TradingMode;
        reason: string;
        staffId: string;
        /** Absent: the limit in force stays. */
        exposureLimitUsd?: number | null;
      },
    ): Promise<{ before: Pick<ControlRow, 'mode' | 'exposureLimitUsd'>; after: ControlRow }> {
      const stored = await lockControl(tx, clientId);
      const before = {
        mode: stored?.mode ?? 'normal',
        exposureLimitUsd: stored?.exposureLimitUsd ?? null,
      };
      const after = await insertControl(tx, {
        clientId,
        mode,
        exposureLimitUsd:
          exposureLimitUsd === undefined ? before.exposureLimitUsd : exposureLimitUsd,
        reason,
        changedBy: staffId,
      });
      return { before, after };
    },
    applied(row: ControlInForce): void {
      const current = row.clientId === null ? platform : byClient.get(row.clientId);
      if (row.id <= (current?.id ?? 0)) return;
      if (row.clientId === null) platform = row;
      else byClient = new Map(byClient).set(row.clientId, row);
      latestId = Math.max(latestId, row.id);
    },
  };
}

export type TradingControls = ReturnType<typeof makeTradingControls>;
