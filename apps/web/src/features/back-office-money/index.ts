// The requests feature's public surface: the client detail page acts on a client's pending
// requests with the same buttons as the queue.
export { ActionNotice, useActionNotice, type ActionOutcome } from './components/action-notice';
export { RequestActions } from './components/request-actions';
