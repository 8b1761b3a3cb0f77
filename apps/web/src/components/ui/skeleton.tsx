/** A grey placeholder bar while data loads; hidden from assistive technology. */
export function Skeleton({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) {
  return <span className={`skeleton skeleton--${size}`} aria-hidden="true" />;
}
