// What other features may use from auth: the registration fields (Manage Registration).
export {
  REGISTRATION_FIELD_NAMES,
  RegistrationFields,
  useRegistrationForm,
} from './components/registration-fields';
