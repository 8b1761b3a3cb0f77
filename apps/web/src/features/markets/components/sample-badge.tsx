import './markets.css';

/**
 * Says plainly where figures come from: "Sample data" for the bundled sample, "Simulated
 * prices" for the price hub's simulated or replayed ticks; never live prices.
 */
export function SampleBadge({ label = 'Sample data' }: { label?: string }) {
  return <span className="badge sample-badge">{label}</span>;
}
