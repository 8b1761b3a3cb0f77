import { formatCents } from '@brokerdesk/shared';
import { TradingControlBodySchema, type TradingMode } from '@brokerdesk/shared/trading';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { ActionOutcome } from '../../../components/ui/action-notice';
import { DateTime } from '../../../components/ui/date-time';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { actionFailureText } from '../../../components/ui/failure-text';
import { Pill } from '../../../components/ui/pill';
import { TableFrame } from '../../../components/ui/table-frame';
import { EmptyRow, TableCaption, TableHead } from '../../../components/ui/table-parts';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { backOfficePaths } from '../../../config/back-office-paths';
import { ApiError } from '../../../lib/api-client';
import {
  useClientTradingMode,
  useSetTradingMode,
  useTradingControls,
  type TradingControlView,
} from '../api/trading-controls';

const MODES: readonly { mode: TradingMode; name: string; meaning: string }[] = [
  { mode: 'normal', name: 'Normal', meaning: 'everything works' },
  {
    mode: 'close_only',
    name: 'Close only',
    meaning: 'no new orders or changes; closes and cancels work, pending orders wait',
  },
  {
    mode: 'halted',
    name: 'Halted',
    meaning:
      'the client’s closes are refused too; cancels, stop loss, take profit, stop-out and the desk’s own closes still work',
  },
];

export const modeName = (mode: TradingMode) =>
  MODES.find((entry) => entry.mode === mode)?.name ?? mode;

function ModePill({ mode }: { mode: TradingMode }) {
  if (mode === 'normal') return <Pill tone="muted">Normal</Pill>;
  return <Pill tone="danger">{modeName(mode)}</Pill>;
}

/** "Close only since 7 Dec 2026, 20:31 by ops: “Feed under review”", or nothing if never set. */
function LastChange({ control }: { control: TradingControlView }) {
  if (!control.at) return null;
  return (
    <>
      {' '}
      since <DateTime value={control.at} />
      {control.by ? ` by ${control.by}` : null}
      {control.reason ? `: “${control.reason}”` : null}
    </>
  );
}

interface ModeFormValues {
  mode: TradingMode;
  exposureLimitUsd: string;
  reason: string;
}

/** Blank: none (null); whole dollars; anything else NaN, which the shared schema names. */
const limitOf = (text: string) =>
  text.trim() === '' ? null : /^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;

/** "limit $20,000.00 of open positions", or nothing. */
function LimitText({ usd, fallback }: { usd: number | null; fallback?: string }) {
  if (usd === null) return fallback ? <> · {fallback}</> : null;
  return <> · exposure limit {formatCents(usd * 100)}</>;
}

/** The mode as radio buttons with what each means, a reason, and Apply. */
function ModeForm({
  clientId,
  current,
  subject,
  onOutcome,
}: {
  /** null: the whole platform. */
  clientId: string | null;
  current: TradingControlView;
  /** "the whole platform", "this client": the success message's words. */
  subject: string;
  onOutcome: (outcome: ActionOutcome) => void;
}) {
  const save = useSetTradingMode();
  const legendId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ModeFormValues>({
    defaultValues: {
      mode: current.mode,
      exposureLimitUsd: current.exposureLimitUsd === null ? '' : String(current.exposureLimitUsd),
      reason: '',
    },
  });

  const submit = (values: ModeFormValues) => {
    setFailure(null);
    const parsed = TradingControlBodySchema.safeParse({
      ...values,
      exposureLimitUsd: limitOf(values.exposureLimitUsd),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'mode' || field === 'reason' || field === 'exposureLimitUsd') {
          setError(field, { message: issue.message }, { shouldFocus: true });
        } else setFailure(issue.message);
      }
      return;
    }
    save.mutateAsync({ clientId, body: parsed.data }).then(
      (saved) => {
        reset({
          mode: saved.mode,
          exposureLimitUsd: saved.exposureLimitUsd === null ? '' : String(saved.exposureLimitUsd),
          reason: '',
        });
        onOutcome({ tone: 'success', text: `${modeName(saved.mode)} for ${subject}.` });
      },
      (error: unknown) => {
        const message =
          error instanceof ApiError ? error.fields?.reason?.[0] : (undefined as string | undefined);
        if (message) setError('reason', { message });
        setFailure(actionFailureText(error, 'Please try again.'));
      },
    );
  };

  return (
    <form
      className="form bo-desk-mode-form"
      noValidate
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      <fieldset aria-describedby={errors.mode ? `${legendId}-error` : undefined}>
        <legend id={legendId}>Trading mode</legend>
        {MODES.map((entry) => (
          <label key={entry.mode} className="bo-desk-toggle">
            <input type="radio" value={entry.mode} {...register('mode')} />
            <span>
              <strong>{entry.name}</strong>: {entry.meaning}
            </span>
          </label>
        ))}
        {errors.mode ? (
          <p id={`${legendId}-error`} className="field-error">
            {errors.mode.message}
          </p>
        ) : null}
      </fieldset>
      <TextField
        label={
          clientId === null
            ? 'Every client’s exposure limit: open positions’ notional in whole US$ (blank: none)'
            : 'This client’s exposure limit in whole US$ (blank: the platform’s)'
        }
        inputMode="numeric"
        error={errors.exposureLimitUsd?.message}
        {...register('exposureLimitUsd')}
      />
      <TextareaField
        label="Reason (the audit log keeps it)"
        rows={2}
        error={errors.reason?.message}
        {...register('reason')}
      />
      <div>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Applying…' : 'Apply mode'}
        </button>
      </div>
      <p role="alert" className="form-error">
        {failure ?? ''}
      </p>
    </form>
  );
}

/**
 * The desk's incident controls (decision 133): the whole platform's trading mode, and the
 * clients the desk has put in close only or halted, each with who did it and why. Owner and
 * operations change the platform's mode here and a client's on the client's page.
 */
export function TradingControls({
  enabled,
  canDeal,
  onOutcome,
}: {
  enabled: boolean;
  canDeal: boolean;
  onOutcome: (outcome: ActionOutcome) => void;
}) {
  const controls = useTradingControls(enabled);
  const headingId = useId();
  const captionId = useId();
  const columns = ['Client', 'Mode', 'Since', 'Reason'];
  return (
    <section className="bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Trading controls</h2>
      {controls.isError ? (
        <ErrorPanel
          error={controls.error}
          message="We could not load the trading controls."
          onRetry={() => void controls.refetch()}
          retrying={controls.isFetching}
        />
      ) : controls.isPending ? (
        <p aria-busy="true">Loading the trading controls…</p>
      ) : (
        <>
          <p>
            The whole platform: <ModePill mode={controls.data.platform.mode} />
            <LastChange control={controls.data.platform} />
            <LimitText usd={controls.data.platform.exposureLimitUsd} />
          </p>
          {canDeal ? (
            <ModeForm
              key={`${controls.data.platform.mode} ${controls.data.platform.at ?? ''}`}
              clientId={null}
              current={controls.data.platform}
              subject="the whole platform"
              onOutcome={onOutcome}
            />
          ) : null}
          <TableFrame labelledBy={captionId}>
            <table>
              <TableCaption id={captionId}>Clients not trading normally</TableCaption>
              <TableHead columns={columns} />
              <tbody>
                {controls.data.clients.length === 0 ? (
                  <EmptyRow columns={columns.length}>Every client trades normally.</EmptyRow>
                ) : (
                  controls.data.clients.map((client) => (
                    <tr key={client.clientId}>
                      <th scope="row">
                        <Link to={backOfficePaths.adminClient(client.clientId)}>
                          {client.clientName}
                        </Link>{' '}
                        <span className="bo-desk-muted">{client.clientEmail}</span>
                      </th>
                      <td>
                        <ModePill mode={client.mode} />
                      </td>
                      <td>
                        {client.at ? <DateTime value={client.at} /> : null}
                        {client.by ? ` by ${client.by}` : null}
                      </td>
                      <td>{client.reason}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </TableFrame>
        </>
      )}
    </section>
  );
}

/** A client's own trading mode on their back-office page, with the form for owner and operations. */
export function ClientTradingMode({
  clientId,
  canDeal,
  onOutcome,
}: {
  clientId: string;
  canDeal: boolean;
  onOutcome: (outcome: ActionOutcome) => void;
}) {
  const modes = useClientTradingMode(clientId);
  if (modes.isPending || modes.isError) return null;
  const own = modes.data.client;
  const platform = modes.data.platform.mode;
  return (
    <div className="bo-client-trading-mode">
      <p>
        This client: <ModePill mode={own.mode} />
        <LastChange control={own} />
        <LimitText
          usd={own.exposureLimitUsd}
          fallback={
            modes.data.platform.exposureLimitUsd === null
              ? undefined
              : `the platform’s exposure limit, ${formatCents(modes.data.platform.exposureLimitUsd * 100)}`
          }
        />
        {platform !== 'normal' ? (
          <>
            {' '}
            (the whole platform is <ModePill mode={platform} />; the stricter applies)
          </>
        ) : null}
      </p>
      {canDeal ? (
        <ModeForm
          key={`${own.mode} ${own.at ?? ''}`}
          clientId={clientId}
          current={own}
          subject="this client"
          onOutcome={onOutcome}
        />
      ) : null}
    </div>
  );
}
