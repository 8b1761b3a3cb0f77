// The dealing desk's side of the trading controls (decision 133): the platform's mode and the
// clients not trading normally, and a change, audited in its own transaction and in force on
// this instance as soon as it commits.
import { AppError } from '@brokerdesk/shared';
import type { TradingControlBody } from '@brokerdesk/shared/trading';
import type { Db } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import { recordAudit } from '../audit/index.js';
import type { StaffActor } from '../audit/index.js';
import { selectClientName } from './trading-controls.repo.js';
import { modeMessage } from './trading-controls.js';
import type { ControlInForce, TradingControls } from './trading-controls.js';
import type { ClientControlView, TradingControlView } from './trading-controls.schemas.js';

function viewOf(row: ControlInForce | null): TradingControlView {
  return row
    ? {
        mode: row.mode,
        exposureLimitUsd: row.exposureLimitUsd,
        reason: row.reason,
        by: row.changedByName,
        at: row.createdAt.toISOString(),
      }
    : { mode: 'normal', exposureLimitUsd: null, reason: null, by: null, at: null };
}

function clientViewOf(row: ControlInForce & { clientId: string }): ClientControlView {
  return {
    ...viewOf(row),
    clientId: row.clientId,
    clientName: row.clientName ?? '',
    clientEmail: row.clientEmail ?? '',
  };
}

export function makeTradingControlsDesk({ db, controls }: { db: Db; controls: TradingControls }) {
  async function change(
    staff: StaffActor,
    clientId: string | null,
    body: TradingControlBody,
  ): Promise<ControlInForce> {
    let client: { name: string; email: string } | null = null;
    if (clientId !== null) {
      client = isUuid(clientId) ? await selectClientName(db, clientId) : null;
      if (!client) throw new AppError('NOT_FOUND', 'Client not found');
    }
    const { after } = await db.transaction(async (tx) => {
      const written = await controls.change(tx, {
        clientId,
        mode: body.mode,
        exposureLimitUsd: body.exposureLimitUsd,
        reason: body.reason,
        staffId: staff.staffId,
      });
      await recordAudit(tx, staff, {
        action: 'trading.control',
        targetType: clientId === null ? 'platform' : 'client',
        targetId: clientId ?? 'platform',
        before: written.before,
        after: {
          mode: written.after.mode,
          exposureLimitUsd: written.after.exposureLimitUsd,
          reason: body.reason,
        },
      });
      return written;
    });
    const row: ControlInForce = {
      ...after,
      changedByName: staff.username,
      clientName: client?.name ?? null,
      clientEmail: client?.email ?? null,
    };
    controls.applied(row);
    return row;
  }

  return {
    list() {
      const { platform, clients } = controls.inForce();
      return {
        platform: viewOf(platform),
        clients: clients
          .filter((row): row is ControlInForce & { clientId: string } => row.mode !== 'normal')
          .sort((a, b) => b.id - a.id)
          .map(clientViewOf),
      };
    },
    async changePlatform(staff: StaffActor, body: TradingControlBody) {
      return viewOf(await change(staff, null, body));
    },
    async changeClient(staff: StaffActor, clientId: string, body: TradingControlBody) {
      const row = await change(staff, clientId, body);
      return clientViewOf({ ...row, clientId });
    },
    /** A client's own view: the mode they trade under and the words that explain it. */
    statusFor(clientId: string) {
      const mode = controls.modeFor(clientId);
      return { mode, message: modeMessage(mode) };
    },
    /** A client's back-office page: their own mode, set back to normal or not, and the platform's. */
    async clientMode(clientId: string) {
      if (!isUuid(clientId) || !(await selectClientName(db, clientId))) {
        throw new AppError('NOT_FOUND', 'Client not found');
      }
      const { platform, clients } = controls.inForce();
      return {
        client: viewOf(clients.find((row) => row.clientId === clientId) ?? null),
        platform: viewOf(platform),
      };
    },
  };
}

export type TradingControlsDesk = ReturnType<typeof makeTradingControlsDesk>;
