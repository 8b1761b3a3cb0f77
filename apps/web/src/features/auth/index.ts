// The client sign-in feature's public surface: its pages' forms, the portal's sign-out, and the
// registration form's state and fields, which the back office reuses (Manage Registration).
export { LoginForm } from './components/login-form';
export { PasswordResetForm } from './components/password-reset-form';
export { RegistrationForm } from './components/registration-form';
export { SetNewPassword } from './components/set-new-password';
export { useLogout } from './api/logout';
export { RegistrationFields } from './components/registration-fields';
export { REGISTRATION_FIELD_NAMES, useRegistrationForm } from './hooks/use-registration-form';
