// The documents module's only door: clients' verification documents and their staff review,
// and what waits for them (the identity gate, decision 104): money-requests.ts uses it for
// deposits and withdrawals, and opening a Live trading account will call
// requireApprovedIdentity(db, clientId, 'live-account').
export { openDocumentService } from './documents.service.js';
export type { DocumentService } from './documents.service.js';
export { documentRoutes } from './documents.routes.js';
export {
  findMissingIdentityDocuments,
  makeIdentityGate,
  requireApprovedIdentity,
} from './identity-gate.js';
export type { IdentityGate } from './identity-gate.js';
