// The documents feature's public surface: the dashboard shows the verification panel, and the
// back office views files with the same viewer and status pills.
export { VerificationStatusPanel } from './components/verification-status-panel';
export { DocumentFileView } from './components/document-file-view';
export { DocumentStatusPill, VerificationStatusPill } from './components/document-status';
export { formatFileSize } from './check-document-file';
