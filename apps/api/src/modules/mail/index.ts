// The mail module's only door: the outbox service (others queue mail in their own transaction),
// its delivery worker and transports, and a client's recent mails for the back office.
export { makeMailService } from './mail.service.js';
export type { ClientMailBuild, MailService } from './mail.service.js';
export { findClientMails } from './mail.repo.js';
export { makeFileTransport, makeSmtpTransport } from './mail-transport.js';
export { startMailWorker } from './mail-worker.js';
