import { ChangePasswordForm } from './change-password-form';
import { PersonalDetails } from './personal-details';
import { SignedInDevices } from './signed-in-devices';
import '../account.css';

/** The portal's account page: personal details beside the change-password form, then devices. */
export function AccountOverview() {
  return (
    <div className="page-section">
      <h1>Account</h1>
      <div className="account-grid">
        <PersonalDetails />
        <ChangePasswordForm />
      </div>
      <SignedInDevices />
    </div>
  );
}
