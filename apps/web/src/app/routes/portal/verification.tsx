import type { Route } from './+types/verification';
import { VerificationDocuments } from '../../../features/documents';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Verification', 'Upload your verification documents.', { noindex: true });

export default function VerificationPage() {
  return <VerificationDocuments />;
}
