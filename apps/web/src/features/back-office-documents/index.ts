// The back-office documents feature's public surface: the document queue, and a client's
// documents with the same review panel, which a client's page shows.
export { DocumentQueue } from './components/document-queue';
export { ClientDocuments } from './components/client-documents';
