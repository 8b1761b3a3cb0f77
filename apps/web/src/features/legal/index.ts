// The legal pages' content: /terms, /risk, /privacy, /conflict, /information, /verification.
export { ClientAgreement } from './client-agreement';
export { ConflictPolicy } from './conflict-policy';
export { InformationSecurity } from './information-security';
export { PrivacyNotice } from './privacy-notice';
export { RiskDisclosure } from './risk-disclosure';
export { VerificationDocuments } from './verification-documents';
