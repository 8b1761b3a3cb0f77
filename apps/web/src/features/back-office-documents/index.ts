// The back-office documents feature's public surface: a client's page shows their documents
// with the same review panel as the queue.
export { ClientDocuments } from './components/client-documents';
