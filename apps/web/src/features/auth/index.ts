// What other features may use from auth: the registration form's state and fields (Manage
// Registration).
export { RegistrationFields } from './components/registration-fields';
export { REGISTRATION_FIELD_NAMES, useRegistrationForm } from './hooks/use-registration-form';
