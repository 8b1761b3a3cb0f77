import { Link } from 'react-router';
import { site } from '../../content/site';

/** The brand mark linking home. Its accessible name is the company name. */
export function Logo({ to = '/', tone = 'dark' }: { to?: string; tone?: 'dark' | 'light' }) {
  return (
    <Link to={to} className={`logo logo--${tone}`}>
      <span className="logo-mark" aria-hidden="true" />
      <span className="logo-text">{site.companyName}</span>
    </Link>
  );
}
