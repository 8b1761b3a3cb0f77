// The dashboard feature's public surface: the portal's landing page.
export { DashboardOverview } from './components/dashboard-overview';
