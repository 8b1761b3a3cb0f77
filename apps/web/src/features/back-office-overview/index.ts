// The back office's landing page.
export { StaffOverview } from './components/staff-overview';
