import { formatCents, type Finances, type ProfitBreakdown } from '@brokerdesk/shared';
import { useId } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDollars } from '../../../lib/money';
import { PROFIT_PART_LABELS } from '../../../lib/transaction-text';

// The five cards of docs/origin.md §2, in the seed's order and with its titles.
const CARDS = [
  { key: 'deposited', title: 'Deposit' },
  { key: 'profit', title: 'Profit' },
  { key: 'bonus', title: 'Bonus' },
  { key: 'refBonus', title: 'Ref. Bonus' },
  { key: 'balance', title: 'Balance' },
] as const satisfies readonly { key: keyof Finances; title: string }[];

const ZERO: Finances = { deposited: 0, profit: 0, bonus: 0, refBonus: 0, balance: 0 };

/**
 * `finances` undefined = still loading. A client without a finances entry sees zeros. The
 * Profit card lists where its figure came from ("Credited by staff", "Realised by trades" on
 * the live trading account), and only the parts that moved money (decision 103).
 */
export function FinanceCards({
  finances,
  profitParts,
}: {
  finances: Finances | null | undefined;
  profitParts?: ProfitBreakdown['parts'] | undefined;
}) {
  const idPrefix = useId();
  const loading = finances === undefined;
  const values = finances ?? ZERO;
  return (
    <div className="finance-cards" aria-busy={loading}>
      {CARDS.map((card) => {
        const headingId = `${idPrefix}-${card.key}`;
        return (
          <section
            key={card.key}
            className={`finance-card finance-card--${card.key}`}
            aria-labelledby={headingId}
          >
            <h2 id={headingId} className="finance-card-title">
              {card.title}
            </h2>
            <p className="finance-card-value">
              {loading ? <Skeleton size="lg" /> : formatDollars(values[card.key])}
            </p>
            {card.key === 'profit' && !loading && profitParts && profitParts.length > 0 ? (
              <ul className="finance-card-parts" aria-label="Where your profit came from">
                {profitParts.map((part) => (
                  <li key={part.source}>
                    {PROFIT_PART_LABELS[part.source]}: {formatCents(part.amountMinor)}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
