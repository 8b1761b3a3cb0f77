import { formatCents, roleCan } from '@brokerdesk/shared';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAdminProfile } from '../../../api/get-admin-profile';
import {
  ActionNotice,
  useActionNotice,
  type ActionOutcome,
} from '../../../components/ui/action-notice';
import { DateTime } from '../../../components/ui/date-time';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { actionFailureText } from '../../../components/ui/failure-text';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { TableFrame } from '../../../components/ui/table-frame';
import {
  EmptyRow,
  SkeletonRows,
  TableCaption,
  TableHead,
} from '../../../components/ui/table-parts';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { backOfficePaths } from '../../../config/back-office-paths';
import { sideText } from '../../../lib/deal-text';
import { priceSourceLabel } from '../../../lib/price-source';
import { useIntentKey } from '../../../lib/use-intent-key';
import {
  useDeskClose,
  useDeskExposure,
  useDeskPositions,
  type DeskPosition,
} from '../api/dealing-desk';
import '../back-office-trading.css';
import { AccountKind } from './account-kind';
import { ExposureAlerts, LimitUse } from './exposure-alerts';
import { InstrumentSettings } from './instrument-settings';
import { TradingControls } from './trading-controls';
import { RiskActivity } from './risk-activity';

/** "Sell 0.30 GBPUSD of Ann Lee": names a position in buttons, dialogs and messages. */
function positionSubject(position: DeskPosition): string {
  return `${sideText(position.side)} ${position.volume} ${position.symbol} of ${position.clientName}`;
}

/** Floating or realised P/L with its sign, coloured by the sign (the text says it too). */
function Pnl({ minor }: { minor: number }) {
  const tone = minor > 0 ? 'bo-desk-gain' : minor < 0 ? 'bo-desk-loss' : undefined;
  return <span className={tone}>{formatCents(minor)}</span>;
}

function CloseAction({
  position,
  onOutcome,
}: {
  position: DeskPosition;
  onOutcome: (outcome: ActionOutcome) => void;
}) {
  const close = useDeskClose();
  const intent = useIntentKey();
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const subject = positionSubject(position);

  const submit = (reason: string) => {
    setFailure(null);
    // mutateAsync, not mutate's callbacks: the refresh after the close removes this row (and
    // this component) and mutate's own callbacks would then never run, losing the notice.
    close
      .mutateAsync({
        positionId: position.id,
        reason,
        idempotencyKey: intent.keyFor(`close:${position.id}:${reason}`),
      })
      .then(
        (answer) => {
          intent.settle();
          setAsking(false);
          onOutcome({
            tone: 'success',
            text: `Closed ${subject} at ${answer.deal.price}: ${formatCents(answer.deal.pnlMinor)}. The client sees your reason on the deal.`,
          });
        },
        (error: unknown) => {
          intent.settle(error);
          setFailure(actionFailureText(error, 'Please try again.'));
        },
      );
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="button button--secondary"
        onClick={() => {
          setFailure(null);
          setAsking(true);
        }}
        disabled={close.isPending}
      >
        Close
        <VisuallyHidden> {subject}</VisuallyHidden>
      </button>
      {asking ? (
        <ReasonDialog
          title={`Close ${subject}`}
          submitLabel="Close position"
          pendingLabel="Closing…"
          pending={close.isPending}
          failure={failure}
          onSubmit={submit}
          onClose={() => setAsking(false)}
          returnFocusRef={buttonRef}
        >
          <p>
            The whole position is closed at the current market price and its profit or loss is
            realised. The client sees that the dealing desk closed it, with your reason as you write
            it; the audit log records who did.
          </p>
        </ReasonDialog>
      ) : null}
    </>
  );
}

// What a position is, its P/L and the action first: read first, and on a phone (where each row
// is a card, back-office-trading.css) shown at the card's top, Close in reach without scrolling.
const POSITION_COLUMNS = ['Position', 'Floating P/L', 'Client', 'Open → now', 'Opened'] as const;
const DEAL_COLUMN = 'Actions';

function PositionsTable({
  enabled,
  canDeal,
  onOutcome,
}: {
  enabled: boolean;
  canDeal: boolean;
  onOutcome: (outcome: ActionOutcome) => void;
}) {
  const captionId = useId();
  const positions = useDeskPositions(enabled);
  const columns = canDeal
    ? [POSITION_COLUMNS[0], POSITION_COLUMNS[1], DEAL_COLUMN, ...POSITION_COLUMNS.slice(2)]
    : POSITION_COLUMNS;
  if (positions.isError) {
    return (
      <ErrorPanel
        error={positions.error}
        message="We could not load the open positions."
        onRetry={() => void positions.refetch()}
        retrying={positions.isFetching}
      />
    );
  }
  return (
    <>
      {/* Above the table: the prices the P/L is at. */}
      <p className="bo-desk-source">{priceSourceLabel(positions.data?.priceSource)}</p>
      <TableFrame labelledBy={captionId}>
        <table
          aria-busy={positions.isPending}
          className={canDeal ? 'bo-desk-positions bo-desk-positions--deal' : 'bo-desk-positions'}
        >
          <TableCaption id={captionId}>Open positions across clients, newest first</TableCaption>
          <TableHead columns={columns} />
          <tbody>
            {positions.isPending ? (
              <SkeletonRows columns={columns.length} rows={3} />
            ) : positions.data.positions.length === 0 ? (
              <EmptyRow columns={columns.length}>No client holds an open position.</EmptyRow>
            ) : (
              positions.data.positions.map((position) => (
                <tr key={position.id}>
                  <td className="bo-desk-position">
                    {sideText(position.side)} {position.volume} {position.symbol}{' '}
                    <AccountKind kind={position.accountKind} />
                    <span className="table-sub">#{position.id}</span>
                  </td>
                  <td className="table-number bo-desk-pnl" data-label={POSITION_COLUMNS[1]}>
                    <Pnl minor={position.floatingPnlMinor} />
                  </td>
                  {canDeal ? (
                    <td className="bo-desk-action">
                      <CloseAction position={position} onOutcome={onOutcome} />
                    </td>
                  ) : null}
                  <td data-label={POSITION_COLUMNS[2]}>
                    <Link to={backOfficePaths.adminClient(position.clientId)}>
                      {position.clientName}
                    </Link>
                    <span className="table-sub">{position.clientEmail}</span>
                  </td>
                  <td className="table-number" data-label={POSITION_COLUMNS[3]}>
                    {position.openPrice} → {position.closePrice ?? '—'}
                  </td>
                  <td data-label={POSITION_COLUMNS[4]}>
                    <DateTime value={position.openTime} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableFrame>
    </>
  );
}

const EXPOSURE_COLUMNS = [
  'Instrument',
  'Net (lots)',
  'Net notional',
  'Clients’ floating P/L',
  'Long (lots)',
  'Short (lots)',
  'Positions',
  'Limit',
];

/** A figure the server could not price yet (no quote or conversion rate). */
const money = (minor: number | null) => (minor === null ? 'no price yet' : formatCents(minor));

function ExposureTable({ enabled }: { enabled: boolean }) {
  const captionId = useId();
  const exposure = useDeskExposure(enabled);
  if (exposure.isError) {
    return (
      <ErrorPanel
        error={exposure.error}
        message="We could not load the exposure."
        onRetry={() => void exposure.refetch()}
        retrying={exposure.isFetching}
      />
    );
  }
  const book = exposure.data;
  return (
    <>
      {book && book.instruments.length > 0 ? (
        <p className="bo-desk-book">
          Clients’ floating P/L on live accounts:{' '}
          <span className="bo-desk-amount">{money(book.clientsFloatingPnlMinor)}</span>. The
          platform takes the other side of every trade, so the book’s is{' '}
          <span className="bo-desk-amount">{money(book.bookFloatingPnlMinor)}</span>.
        </p>
      ) : null}
      {book ? <ExposureAlerts book={book} /> : null}
      <TableFrame labelledBy={captionId}>
        <table aria-busy={exposure.isPending}>
          <TableCaption id={captionId}>
            The book per instrument on live accounts; notional in US$ at the closing price
          </TableCaption>
          <TableHead columns={EXPOSURE_COLUMNS} />
          <tbody>
            {exposure.isPending ? (
              <SkeletonRows columns={EXPOSURE_COLUMNS.length} rows={2} />
            ) : exposure.data.instruments.length === 0 ? (
              <EmptyRow columns={EXPOSURE_COLUMNS.length}>
                No live account holds an open position.
              </EmptyRow>
            ) : (
              exposure.data.instruments.map((row) => (
                <tr key={row.symbol}>
                  <th scope="row">{row.symbol}</th>
                  <td className="table-number">{row.net}</td>
                  <td className="table-number">{money(row.netNotionalMinor)}</td>
                  <td className="table-number">
                    {row.clientsFloatingPnlMinor === null ? (
                      money(null)
                    ) : (
                      <Pnl minor={row.clientsFloatingPnlMinor} />
                    )}
                  </td>
                  <td className="table-number">{row.long}</td>
                  <td className="table-number">{row.short}</td>
                  <td className="table-number">{row.positions}</td>
                  <td>
                    <LimitUse percent={row.limitUsedPercent} limitMinor={row.limitMinor} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableFrame>
    </>
  );
}

/**
 * /adminDashboard/trading: the dealing desk (issue 19). Owner, operations, compliance and
 * auditors see the book's exposure and every open position with its floating P/L, refreshed
 * every few seconds; owner and operations close a position with a reason the client sees.
 */
export function DealingDesk() {
  const profile = useAdminProfile();
  const role = profile.data?.role;
  // Ask only once the role is known to allow it; without a profile the API decides.
  const allowed = role === undefined ? profile.isError : roleCan(role, 'trading:read');
  const canDeal = role !== undefined && roleCan(role, 'trading:deal');
  const notice = useActionNotice();
  const exposureId = useId();
  const positionsId = useId();

  if (role !== undefined && !allowed) {
    return (
      <div className="page-section">
        <h1>Dealing desk</h1>
        <p>Your role cannot see the dealing desk.</p>
      </div>
    );
  }
  return (
    <div className="page-section bo-desk">
      <h1>Dealing desk</h1>
      <p className="lead">
        What clients hold, valued at the latest prices and refreshed every 5 seconds.
        {canDeal ? ' Closing a position asks for a reason, which the client is shown.' : null}
      </p>
      <ActionNotice outcome={notice.outcome} noticeRef={notice.ref} />
      <TradingControls enabled={allowed} canDeal={canDeal} onOutcome={notice.report} />
      <section className="bo-section" aria-labelledby={exposureId}>
        <h2 id={exposureId}>Exposure</h2>
        <ExposureTable enabled={allowed} />
      </section>
      <section className="bo-section" aria-labelledby={positionsId}>
        <h2 id={positionsId}>Open positions</h2>
        <PositionsTable enabled={allowed} canDeal={canDeal} onOutcome={notice.report} />
      </section>
      <RiskActivity enabled={allowed} />
      <InstrumentSettings enabled={allowed} canDeal={canDeal} onOutcome={notice.report} />
    </div>
  );
}
