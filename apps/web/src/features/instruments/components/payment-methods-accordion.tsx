import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { DepositMethod } from '../payment-methods';
import './instruments.css';

/**
 * The seed's 'PAYMENT METHODS' accordion as native <details>/<summary>: keyboard and
 * screen-reader support come from the browser, with no JavaScript. Sharing one `name` makes
 * the items exclusive (one open at a time) where the browser supports it.
 */
export function PaymentMethodsAccordion({ methods }: { methods: readonly DepositMethod[] }) {
  return (
    <div className="accordion">
      {methods.map((method) => (
        <details
          key={method.name}
          name="payment-methods"
          className="accordion-item"
          // A visitor may open an item before hydration; React must not warn about it.
          suppressHydrationWarning
        >
          <summary>
            <span>
              {method.name}
              {method.detail ? ` (${method.detail})` : null}
            </span>
          </summary>
          <div className="accordion-body">
            <p>{method.description}</p>
            <dl className="accordion-facts">
              <dt>Processing time</dt>
              <dd>{method.processingTime}</dd>
              <dt>Deposit fee</dt>
              <dd>{method.depositFee}</dd>
            </dl>
            <Link to={paths.userDashboard} className="button button--primary">
              Deposit<span className="trade-sr-only"> with {method.name}</span>
            </Link>
          </div>
        </details>
      ))}
    </div>
  );
}
