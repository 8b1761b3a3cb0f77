import type { Route } from './+types/verification';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Verification', 'Verification documents.', { noindex: true });

export default function VerificationPage() {
  return <h1>Verification</h1>;
}
