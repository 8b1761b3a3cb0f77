// The e-mail verification feature's public surface: the portal layout shows the banner, the
// money forms show the notice when the server refuses an unverified client, /verifyEmail shows
// the page.
export { EmailVerificationBanner } from './components/email-verification-banner';
export { EmailNotVerifiedNotice, isEmailNotVerified } from './components/email-not-verified-notice';
export { ResendVerificationButton } from './components/resend-verification-button';
export { VerifyEmail } from './components/verify-email';
// Tests of the forms that show the notice start each case without a cooldown.
export { resetResendCooldown } from './hooks/use-resend-cooldown';
