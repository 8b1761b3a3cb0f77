// The support feature's public surface: /contact's form and FAQ, and the portal's support page.
export { ContactForm } from './components/contact-form';
export { DashboardSupport } from './components/dashboard-support';
export { SupportFaq } from './components/support-faq';
