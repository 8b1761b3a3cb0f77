import type { Route } from './+types/documents';
import { DocumentQueue } from '../../../features/back-office-documents';
import { pageMeta } from '../../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta('Documents', 'Verification documents to review.', { noindex: true });

export default function AdminDocumentsPage() {
  return <DocumentQueue />;
}
