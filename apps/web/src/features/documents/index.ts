// The documents feature's public surface: the portal's verification page, the dashboard's
// verification panel, and the file viewer and status pills the back office shows files with.
export { VerificationDocuments } from './components/verification-page';
export { VerificationStatusPanel } from './components/verification-status-panel';
export { DocumentFileView } from './components/document-file-view';
export { DocumentStatusPill, VerificationStatusPill } from './components/document-status';
export { formatFileSize } from './check-document-file';
// What waits for the documents (decision 104), shown by the money feature's forms.
export {
  DepositLimitNotice,
  DocumentsRequiredLink,
  WithdrawalDocumentsNotice,
  useRefreshVerificationLimits,
} from './components/money-documents-notice';
