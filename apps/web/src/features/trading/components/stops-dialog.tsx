import { findSpec, formatPoints, parsePoints } from '@brokerdesk/shared/trading';
import { useState, type RefObject } from 'react';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { TextField } from '../../../components/ui/text-field';
import type { StopsBody } from '../api/trade-actions';

export interface StopsValues {
  price?: string | null;
  sl: string | null;
  tp: string | null;
  trailingPoints: number | string | null;
}

type Field = 'price' | 'sl' | 'tp' | 'trailing';

/**
 * Modify a position's SL, TP and trailing stop, or a pending order's price too (§11.8). An empty
 * field removes that stop (`null`); the server checks the distances against the current quote and
 * its refusal shows here.
 */
export function StopsDialog({
  title,
  symbol,
  initial,
  withPrice,
  pending,
  failure,
  returnFocusRef,
  onClose,
  onSave,
}: {
  title: string;
  symbol: string;
  initial: StopsValues;
  withPrice: boolean;
  pending: boolean;
  failure: string | null;
  returnFocusRef: RefObject<HTMLElement | null>;
  onClose: () => void;
  onSave: (body: StopsBody & { price?: string }) => void;
}) {
  const digits = findSpec(symbol)?.digits ?? 5;
  const [values, setValues] = useState({
    price: initial.price ?? '',
    sl: initial.sl ?? '',
    tp: initial.tp ?? '',
    trailing: initial.trailingPoints === null ? '' : String(initial.trailingPoints),
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const save = () => {
    const next: Partial<Record<Field, string>> = {};
    const price = (text: string, field: Field, optional: boolean): string | null => {
      if (text.trim() === '' && optional) return null;
      const points = parsePoints(text.trim(), digits);
      if (points === null || points <= 0) {
        next[field] = optional
          ? `Enter a price with at most ${digits} decimals, or leave it empty to remove it.`
          : `Enter a price with at most ${digits} decimals.`;
        return null;
      }
      return formatPoints(points, digits);
    };
    const body: StopsBody & { price?: string } = {
      sl: price(values.sl, 'sl', true),
      tp: price(values.tp, 'tp', true),
      trailingPoints: null,
    };
    if (withPrice) {
      const p = price(values.price, 'price', false);
      if (p !== null) body.price = p;
    }
    const trailing = values.trailing.trim();
    if (trailing !== '') {
      if (/^\d{1,9}$/.test(trailing)) body.trailingPoints = Number(trailing);
      else next.trailing = 'The trailing distance is a whole number of points.';
    }
    setErrors(next);
    if (Object.keys(next).length === 0) onSave(body);
  };

  const field = (key: Field, label: string) => (
    <TextField
      label={label}
      inputMode={key === 'trailing' ? 'numeric' : 'decimal'}
      autoComplete="off"
      value={values[key]}
      error={errors[key]}
      onChange={(event) => {
        const value = event.target.value;
        setValues((previous) => ({ ...previous, [key]: value }));
        setErrors((previous) => ({ ...previous, [key]: undefined }));
      }}
    />
  );

  return (
    <ModalDialog
      title={title}
      onClose={() => {
        if (!pending) onClose();
      }}
      returnFocusRef={returnFocusRef}
      closeLabel="Cancel"
      actions={
        <button type="button" className="button button--primary" disabled={pending} onClick={save}>
          {pending ? 'Saving…' : 'Save'}
        </button>
      }
    >
      {withPrice ? field('price', 'Price') : null}
      {field('sl', 'Stop loss')}
      {field('tp', 'Take profit')}
      {field('trailing', 'Trailing stop, points')}
      <p className="trade-note">Leave a field empty to remove that stop.</p>
      <p role="alert" className="form-error">
        {failure ?? ''}
      </p>
    </ModalDialog>
  );
}
