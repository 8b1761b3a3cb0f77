// The back office's client list and a client's page.
export { ClientList } from './components/client-list';
export { ClientDetail } from './components/client-detail';
