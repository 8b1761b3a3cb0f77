// The calendar feature's public surface: the /calendar page's webinar calendar.
export { WebinarCalendar } from './components/webinar-calendar';
