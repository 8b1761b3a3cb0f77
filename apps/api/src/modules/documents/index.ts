// The documents module's only door: clients' verification documents and their staff review.
export { openDocumentService } from './documents.service.js';
export type { DocumentService } from './documents.service.js';
export { documentRoutes } from './documents.routes.js';
