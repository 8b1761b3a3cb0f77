import { useState } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { AUDIT_FILTER_NAMES, type AuditFilter } from '../api/get-audit-log';

const RANGE_REVERSED = 'The “From” date must be on or before the “To” date';

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
  const [rangeError, setRangeError] = useState<string | undefined>(undefined);

  return (
    <form
      className="bo-audit-filters"
      aria-label="Filter the audit log"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const next: AuditFilter = {};
        for (const name of AUDIT_FILTER_NAMES) {
          const value = String(data.get(name) ?? '').trim();
          if (value) next[name] = value;
        }
        if (next.from && next.to && next.from > next.to) {
          setRangeError(RANGE_REVERSED);
          return;
        }
        setRangeError(undefined);
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
        <TextField label="From" name="from" type="date" defaultValue={filter.from ?? ''} />
        <TextField
          label="To"
          name="to"
          type="date"
          defaultValue={filter.to ?? ''}
          error={rangeError}
        />
      </div>
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
