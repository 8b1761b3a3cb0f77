// The activity feature's public surface: the public layout's recent-activity popup.
export { ActivityPopup } from './components/activity-popup';
