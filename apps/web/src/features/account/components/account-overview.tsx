import { ChangePasswordForm } from './change-password-form';
import { PersonalDetails } from './personal-details';
import { SignedInDevices } from './signed-in-devices';
import { TradeConfirmations } from './trade-confirmations';
import '../account.css';

/**
 * The portal's account page: personal details beside the change-password form, then the e-mail
 * choices and the devices.
 */
export function AccountOverview() {
  return (
    <div className="page-section">
      <h1>Account</h1>
      <div className="account-grid">
        <PersonalDetails />
        <ChangePasswordForm />
      </div>
      <TradeConfirmations />
      <SignedInDevices />
    </div>
  );
}
