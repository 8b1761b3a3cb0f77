import './markets.css';

/** Says plainly that figures are the bundled sample, not live prices. */
export function SampleBadge() {
  return <span className="badge sample-badge">Sample data</span>;
}
