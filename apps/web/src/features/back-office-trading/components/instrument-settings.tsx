import { formatCents } from '@brokerdesk/shared';
import { InstrumentSettingsBodySchema } from '@brokerdesk/shared/trading';
import { useId, useRef, useState, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import type { ActionOutcome } from '../../../components/ui/action-notice';
import { DateTime } from '../../../components/ui/date-time';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { actionFailureText } from '../../../components/ui/failure-text';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TableFrame } from '../../../components/ui/table-frame';
import {
  EmptyRow,
  SkeletonRows,
  TableCaption,
  TableHead,
} from '../../../components/ui/table-parts';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import {
  useChangeInstrumentSettings,
  useHeldTicks,
  useInstrumentSettings,
  type InstrumentSettingsView,
} from '../api/instrument-settings';

interface SettingsForm {
  tradingEnabled: boolean;
  spreadMarkupPoints: string;
  maxVolume: string;
  leverageCap: string;
  swapLongPoints: string;
  swapShortPoints: string;
  badTickSpreads: string;
  exposureLimitUsd: string;
  reason: string;
}

type FieldName = keyof SettingsForm;
const FIELD_NAMES: readonly FieldName[] = [
  'tradingEnabled',
  'spreadMarkupPoints',
  'maxVolume',
  'leverageCap',
  'swapLongPoints',
  'swapShortPoints',
  'badTickSpreads',
  'exposureLimitUsd',
  'reason',
];
const isFieldName = (name: unknown): name is FieldName =>
  typeof name === 'string' && (FIELD_NAMES as readonly string[]).includes(name);

function formOf(instrument: InstrumentSettingsView): SettingsForm {
  return {
    tradingEnabled: instrument.tradingEnabled,
    spreadMarkupPoints: String(instrument.spreadMarkupPoints),
    // Blank means the catalogue's: only what the desk set is written in.
    maxVolume: instrument.maxVolume === instrument.catalogueMaxVolume ? '' : instrument.maxVolume,
    leverageCap: instrument.leverageCap === null ? '' : String(instrument.leverageCap),
    swapLongPoints: instrument.swapLongPoints,
    swapShortPoints: instrument.swapShortPoints,
    badTickSpreads: instrument.badTickSpreads === null ? '' : String(instrument.badTickSpreads),
    exposureLimitUsd:
      instrument.exposureLimitUsd === null ? '' : String(instrument.exposureLimitUsd),
    reason: '',
  };
}

/** A whole number typed in a text box, or NaN (which the shared schema refuses by name). */
const wholeNumber = (text: string) => (/^\d{1,10}$/.test(text) ? Number(text) : Number.NaN);

/** Only what differs from what is in force goes in the request, with the reason. */
function changesOf(instrument: InstrumentSettingsView, values: SettingsForm) {
  const before = formOf(instrument);
  const body: Record<string, unknown> = { reason: values.reason };
  if (values.tradingEnabled !== before.tradingEnabled) body.tradingEnabled = values.tradingEnabled;
  const markup = values.spreadMarkupPoints.trim();
  if (markup !== before.spreadMarkupPoints) body.spreadMarkupPoints = wholeNumber(markup);
  const maxVolume = values.maxVolume.trim();
  if (maxVolume !== before.maxVolume) body.maxVolume = maxVolume === '' ? null : maxVolume;
  const leverageCap = values.leverageCap.trim();
  if (leverageCap !== before.leverageCap) {
    body.leverageCap = leverageCap === '' ? null : wholeNumber(leverageCap);
  }
  const swapLong = values.swapLongPoints.trim();
  if (swapLong !== before.swapLongPoints) body.swapLongPoints = swapLong;
  const swapShort = values.swapShortPoints.trim();
  if (swapShort !== before.swapShortPoints) body.swapShortPoints = swapShort;
  const exposureLimit = values.exposureLimitUsd.trim();
  if (exposureLimit !== before.exposureLimitUsd) {
    body.exposureLimitUsd = exposureLimit === '' ? null : wholeNumber(exposureLimit);
  }
  const badTick = values.badTickSpreads.trim();
  if (badTick !== before.badTickSpreads) {
    body.badTickSpreads = badTick === '' ? null : wholeNumber(badTick);
  }
  return InstrumentSettingsBodySchema.safeParse(body);
}

function SettingsDialog({
  instrument,
  onDone,
  onClose,
  returnFocusRef,
}: {
  instrument: InstrumentSettingsView;
  onDone: (outcome: ActionOutcome) => void;
  onClose: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}) {
  const save = useChangeInstrumentSettings();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SettingsForm>({ defaultValues: formOf(instrument), shouldFocusError: true });

  const submit = (values: SettingsForm) => {
    setFailure(null);
    const parsed = changesOf(instrument, values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isFieldName(field)) setError(field, { message: issue.message }, { shouldFocus: true });
        else setFailure(issue.message);
      }
      return;
    }
    save.mutateAsync({ symbol: instrument.symbol, body: parsed.data }).then(
      (saved) => {
        onDone({
          tone: 'success',
          text: `Saved ${saved.displayName}: trading ${saved.tradingEnabled ? 'on' : 'off'}, spread ${saved.spreadPoints} points, maximum ${saved.maxVolume} lots, leverage 1:${saved.leverage}, swaps ${saved.swapLongPoints} / ${saved.swapShortPoints} from the next rollover, bad-tick filter ${saved.badTickSpreads === null ? 'off' : `over ${saved.badTickSpreads} spreads`}.`,
        });
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.fields) {
          for (const [name, messages] of Object.entries(error.fields)) {
            if (isFieldName(name) && messages[0]) setError(name, { message: messages[0] });
          }
        }
        setFailure(actionFailureText(error, 'Please try again.'));
      },
    );
  };

  return (
    <ModalDialog
      title={`Settings of ${instrument.displayName}`}
      onClose={onClose}
      returnFocusRef={returnFocusRef}
      closeLabel="Cancel"
    >
      <p>
        Changes apply at once to new orders and to the quotes clients see; open positions keep the
        leverage and margin they opened with. Swap rates apply from the next rollover (21:00 UTC).
        Your reason is kept in the audit log.
      </p>
      <form className="form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <label className="bo-desk-toggle">
          <input type="checkbox" {...register('tradingEnabled')} />
          New orders allowed (when off, clients can still close positions and cancel orders)
        </label>
        <TextField
          label={`Spread markup in points (catalogue spread ${instrument.catalogueSpreadPoints})`}
          inputMode="numeric"
          error={errors.spreadMarkupPoints?.message}
          {...register('spreadMarkupPoints')}
        />
        <TextField
          label={`Maximum volume in lots (blank: the catalogue's ${instrument.catalogueMaxVolume})`}
          inputMode="decimal"
          error={errors.maxVolume?.message}
          {...register('maxVolume')}
        />
        <TextField
          label={`Leverage cap, the N of 1:N (blank: the catalogue's 1:${instrument.catalogueLeverage})`}
          inputMode="numeric"
          error={errors.leverageCap?.message}
          {...register('leverageCap')}
        />
        <TextField
          label={`Swap long, points per lot per night (catalogue ${instrument.catalogueSwapLongPoints})`}
          inputMode="decimal"
          error={errors.swapLongPoints?.message}
          {...register('swapLongPoints')}
        />
        <TextField
          label={`Swap short, points per lot per night (catalogue ${instrument.catalogueSwapShortPoints})`}
          inputMode="decimal"
          error={errors.swapShortPoints?.message}
          {...register('swapShortPoints')}
        />
        <TextField
          label="Bad-tick filter: hold back a quote that moves more than this many spreads (blank: off)"
          inputMode="numeric"
          error={errors.badTickSpreads?.message}
          {...register('badTickSpreads')}
        />
        <TextField
          label="Book exposure limit: the largest net notional in whole US$ (blank: none)"
          inputMode="numeric"
          error={errors.exposureLimitUsd?.message}
          {...register('exposureLimitUsd')}
        />
        <TextareaField label="Reason" error={errors.reason?.message} {...register('reason')} />
        <div>
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save settings'}
          </button>
        </div>
        <p role="alert" className="form-error">
          {failure ?? ''}
        </p>
      </form>
    </ModalDialog>
  );
}

const OUTCOME_WORDS = {
  pending: 'Waiting for the next quote',
  spike: 'Spike: discarded',
  confirmed: 'Confirmed: the next quote was used',
} as const;

/** What the bad-tick filter held back lately (decision 134), newest first. */
function HeldTicks({ enabled }: { enabled: boolean }) {
  const held = useHeldTicks(enabled);
  const captionId = useId();
  const columns = ['Instrument', 'Held quote', 'Last logged', 'Time', 'Threshold', 'Outcome'];
  if (held.isError) {
    return (
      <ErrorPanel
        error={held.error}
        message="We could not load the held-back quotes."
        onRetry={() => void held.refetch()}
        retrying={held.isFetching}
      />
    );
  }
  return (
    <TableFrame labelledBy={captionId}>
      <table aria-busy={held.isPending}>
        <TableCaption id={captionId}>
          Quotes held back by the bad-tick filter, newest first
        </TableCaption>
        <TableHead columns={columns} />
        <tbody>
          {held.isPending ? (
            <SkeletonRows columns={columns.length} rows={1} />
          ) : held.data.heldTicks.length === 0 ? (
            <EmptyRow columns={columns.length}>No quote has been held back.</EmptyRow>
          ) : (
            held.data.heldTicks.map((tick) => (
              <tr key={tick.id}>
                <th scope="row">{tick.displayName}</th>
                <td className="table-number">
                  {tick.bid} / {tick.ask}
                </td>
                <td className="table-number">
                  {tick.lastBid} / {tick.lastAsk}
                </td>
                <td>
                  <DateTime value={tick.time} withTime />
                </td>
                <td>Over {tick.thresholdSpreads} spreads</td>
                <td>{OUTCOME_WORDS[tick.outcome]}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableFrame>
  );
}

const COLUMNS = [
  'Instrument',
  'Trading',
  'Spread',
  'Max volume',
  'Leverage',
  'Swaps',
  'Bad-tick filter',
  'Exposure limit',
  'Changed',
];

/**
 * The dealing desk's instrument settings: the instruments the desk has changed, with what is in
 * force beside the catalogue's value; owner and operations edit any instrument with a reason.
 */
export function InstrumentSettings({
  enabled,
  canDeal,
  onOutcome,
}: {
  enabled: boolean;
  canDeal: boolean;
  onOutcome: (outcome: ActionOutcome) => void;
}) {
  const settings = useInstrumentSettings(enabled);
  const [editing, setEditing] = useState<string | null>(null);
  const [chosen, setChosen] = useState('');
  const openerRef = useRef<HTMLButtonElement | null>(null);
  const headingId = useId();
  const captionId = useId();
  const instruments = settings.data?.instruments ?? [];
  const changed = instruments.filter((instrument) => instrument.lastChange !== null);
  const editedInstrument = instruments.find((instrument) => instrument.symbol === editing);
  const columns = canDeal ? [...COLUMNS, 'Actions'] : COLUMNS;

  const edit = (symbol: string, opener: HTMLButtonElement) => {
    openerRef.current = opener;
    setEditing(symbol);
  };

  return (
    <section className="bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Instrument settings</h2>
      <p>
        Instruments whose trading, spread, maximum volume, leverage or swap rates the desk has
        changed from the catalogue. Every other instrument trades on the catalogue&apos;s values.
      </p>
      {settings.isError ? (
        <ErrorPanel
          error={settings.error}
          message="We could not load the instrument settings."
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : (
        <TableFrame labelledBy={captionId}>
          <table aria-busy={settings.isPending}>
            <TableCaption id={captionId}>Instruments changed by the dealing desk</TableCaption>
            <TableHead columns={columns} />
            <tbody>
              {settings.isPending ? (
                <SkeletonRows columns={columns.length} rows={2} />
              ) : changed.length === 0 ? (
                <EmptyRow columns={columns.length}>
                  No instrument has been changed: all trade on the catalogue&apos;s values.
                </EmptyRow>
              ) : (
                changed.map((instrument) => (
                  <tr key={instrument.symbol}>
                    <th scope="row">{instrument.displayName}</th>
                    <td>{instrument.tradingEnabled ? 'On' : <strong>Off</strong>}</td>
                    <td>
                      {instrument.spreadPoints} points
                      {instrument.spreadMarkupPoints > 0
                        ? ` (${instrument.catalogueSpreadPoints} + ${instrument.spreadMarkupPoints})`
                        : null}
                    </td>
                    <td className="table-number">{instrument.maxVolume}</td>
                    <td>
                      1:{instrument.leverage}
                      {instrument.leverageCap !== null
                        ? ` (capped; catalogue 1:${instrument.catalogueLeverage})`
                        : null}
                    </td>
                    <td>
                      {instrument.swapLongPoints} / {instrument.swapShortPoints}
                    </td>
                    <td>
                      {instrument.badTickSpreads === null
                        ? 'Off'
                        : `Over ${instrument.badTickSpreads} spreads`}
                    </td>
                    <td className="table-number">
                      {instrument.exposureLimitUsd === null
                        ? 'None'
                        : formatCents(instrument.exposureLimitUsd * 100)}
                    </td>
                    <td>
                      {instrument.lastChange ? (
                        <>
                          <DateTime value={instrument.lastChange.at} />
                          {instrument.lastChange.by ? ` by ${instrument.lastChange.by}` : null}: “
                          {instrument.lastChange.reason}”
                        </>
                      ) : null}
                    </td>
                    {canDeal ? (
                      <td>
                        <button
                          type="button"
                          className="button button--secondary"
                          onClick={(event) => edit(instrument.symbol, event.currentTarget)}
                        >
                          Edit
                          <VisuallyHidden> settings of {instrument.displayName}</VisuallyHidden>
                        </button>
                      </td>
                    ) : null}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </TableFrame>
      )}
      {canDeal && instruments.length > 0 ? (
        <form
          className="bo-desk-instrument-pick"
          onSubmit={(event) => {
            event.preventDefault();
            const opener = event.currentTarget.querySelector('button');
            if (chosen && opener) edit(chosen, opener);
          }}
        >
          <SelectField
            label="Change another instrument"
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
          >
            <option value="">Choose an instrument</option>
            {instruments.map((instrument) => (
              <option key={instrument.symbol} value={instrument.symbol}>
                {instrument.displayName}
              </option>
            ))}
          </SelectField>
          <button type="submit" className="button button--secondary" disabled={!chosen}>
            Edit settings
          </button>
        </form>
      ) : null}
      <HeldTicks enabled={enabled} />
      {editedInstrument ? (
        <SettingsDialog
          instrument={editedInstrument}
          returnFocusRef={openerRef}
          onClose={() => setEditing(null)}
          onDone={(outcome) => {
            setEditing(null);
            onOutcome(outcome);
          }}
        />
      ) : null}
    </section>
  );
}
