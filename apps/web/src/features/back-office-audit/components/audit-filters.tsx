import { useId, useState } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { formatDay } from '../../../components/ui/timestamp';
import { AUDIT_FILTER_NAMES, type AuditFilter } from '../api/get-audit-log';

const RANGE_REVERSED = 'The “From” date must be on or before the “To” date';
const DAY_FORMAT = 'Enter the date as day-month-year, e.g. 03-03-2026';

/**
 * A day typed as the table shows it, "03-03-2026" (also 3/3/2026 or 3.3.2026), or as
 * "2026-03-03" → 'YYYY-MM-DD'; '' for nothing typed; null for anything else or a day that does
 * not exist. A native date input would show the browser's format (mm/dd/yyyy in en-US) beside
 * the table's dd-mm-yyyy, so these are text fields in the table's order (docs/decisions/106).
 */
export function parseFilterDay(text: string): string | null {
  const value = text.trim();
  if (value === '') return '';
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(value);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : dmy
      ? [Number(dmy[3]), Number(dmy[2]), Number(dmy[1])]
      : [0, 0, 0];
  if (year === 0) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return null;
  }
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The audit log's filters. They are applied on submit (Enter or "Apply filters") and live in
 * the address; the form starts from `filter` (give it a key from the address to reset it).
 */
export function AuditFilters({
  filter,
  onApply,
}: {
  filter: AuditFilter;
  onApply: (filter: AuditFilter) => void;
}) {
  const [dayErrors, setDayErrors] = useState<{ from?: string; to?: string }>({});
  const hintId = useId();

  return (
    <form
      className="bo-audit-filters"
      aria-label="Filter the audit log"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const next: AuditFilter = {};
        const errors: { from?: string; to?: string } = {};
        for (const name of AUDIT_FILTER_NAMES) {
          let value: string | null = String(data.get(name) ?? '').trim();
          if (name === 'from' || name === 'to') {
            value = parseFilterDay(value);
            if (value === null) errors[name] = DAY_FORMAT;
          }
          if (value) next[name] = value;
        }
        if (!errors.from && !errors.to && next.from && next.to && next.from > next.to) {
          errors.to = RANGE_REVERSED;
        }
        setDayErrors(errors);
        if (errors.from || errors.to) return;
        onApply(next);
      }}
    >
      <div className="bo-audit-filter-fields">
        <TextField
          label="Staff username"
          name="staff"
          defaultValue={filter.staff ?? ''}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
        />
        <TextField
          label="Action starts with"
          name="action"
          defaultValue={filter.action ?? ''}
          maxLength={64}
          placeholder="e.g. deposit."
          autoComplete="off"
          spellCheck={false}
        />
        <TextField
          label="Target id"
          name="targetId"
          defaultValue={filter.targetId ?? ''}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
        />
        <DayField
          name="from"
          label="From"
          day={filter.from}
          error={dayErrors.from}
          hintId={hintId}
        />
        <DayField name="to" label="To" day={filter.to} error={dayErrors.to} hintId={hintId} />
      </div>
      <p id={hintId} className="bo-audit-date-hint">
        Dates are day-month-year, as in the table: 03-03-2026.
      </p>
      <div className="bo-audit-filter-actions">
        <button type="submit" className="button button--primary">
          Apply filters
        </button>
        <button type="button" className="button button--secondary" onClick={() => onApply({})}>
          Clear filters
        </button>
      </div>
    </form>
  );
}

/** A day in the table's order, dd-mm-yyyy, described by the format hint (and its error). */
function DayField({
  name,
  label,
  day,
  error,
  hintId,
}: {
  name: 'from' | 'to';
  label: string;
  day: string | undefined;
  error: string | undefined;
  hintId: string;
}) {
  const id = useId();
  return (
    <TextField
      id={id}
      label={label}
      name={name}
      defaultValue={day ? formatDay(day) : ''}
      placeholder="dd-mm-yyyy"
      inputMode="numeric"
      maxLength={10}
      autoComplete="off"
      error={error}
      aria-describedby={error ? `${id}-error ${hintId}` : hintId}
    />
  );
}
