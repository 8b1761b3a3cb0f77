// The back office's support inbox.
export { SupportInbox } from './components/support-inbox';
