import { useDashboard } from '../../../api/get-dashboard';
import { ResendVerificationButton } from './resend-verification-button';

/**
 * The portal's reminder, above every page, while the client's e-mail address is not verified:
 * they may look around, but deposits, withdrawals and subscriptions wait for the address
 * (docs/product.md §2). Hidden while the dashboard loads or fails, and once the address is verified.
 */
export function EmailVerificationBanner() {
  const dashboard = useDashboard();
  const userInfo = dashboard.data?.userInfo;
  if (!userInfo || userInfo.emailVerified) return null;
  return (
    <section className="verify-banner" aria-label="E-mail verification">
      <p className="verify-banner-text">
        <strong>Verify your e-mail address</strong> by opening the link we sent to{' '}
        <strong className="verify-banner-email">{userInfo.email}</strong>. Until then you can look
        around, but deposits, withdrawals and subscriptions are on hold.
      </p>
      <ResendVerificationButton />
    </section>
  );
}
