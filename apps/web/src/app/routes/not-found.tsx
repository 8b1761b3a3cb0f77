import { Link } from 'react-router';
import type { Route } from './+types/not-found';
import { pageMeta } from '../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Page not found', 'The page you asked for does not exist.', { noindex: true });

export default function NotFound() {
  return (
    <section className="container not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>The address may be mistyped, or the page may have moved.</p>
      <p>
        <Link to="/" className="button button--primary">
          Back to the home page
        </Link>
      </p>
    </section>
  );
}
