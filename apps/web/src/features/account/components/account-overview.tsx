import { ChangePasswordForm } from './change-password-form';
import { PersonalDetails } from './personal-details';
import '../account.css';

/** The portal's account page: personal details beside the change-password form. */
export function AccountOverview() {
  return (
    <div className="page-section">
      <h1>Account</h1>
      <div className="account-grid">
        <PersonalDetails />
        <ChangePasswordForm />
      </div>
    </div>
  );
}
