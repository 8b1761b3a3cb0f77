// The back-office money feature's public surface: the requests queue for its route, and the
// decision buttons, which a client's page uses on that client's pending requests.
export { RequestQueue } from './components/request-queue';
export { RequestActions } from './components/request-actions';
