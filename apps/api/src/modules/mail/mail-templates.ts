// Every e-mail the platform sends, in one place: subject, plain text and HTML from the same
// facts. Templates are pure functions; the outbox stores what they return (mail.repo.ts). The
// trading engine's mails are in trading-mail-templates.ts; how a mail is composed, mail-compose.ts.
import { compose, dollars } from './mail-compose.js';
import type { MailBrand, RenderedMail } from './mail-compose.js';
import { makeTradingMailTemplates } from './trading-mail-templates.js';

export { escapeHtml } from './mail-compose.js';
export type { MailBrand, MailTemplateName, RenderedMail } from './mail-compose.js';

/**
 * A document's label inside a sentence: "Proof of ID" → "proof of ID". Words in capitals
 * (ID, IBAN) keep them; plain lower-casing wrote "proof of id" (issue 16).
 */
export function inSentence(label: string): string {
  return label
    .split(' ')
    .map((word) => (/^[A-Z0-9]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(' ');
}

const IGNORE_IF_NOT_YOU = 'If you did not ask for this, you can ignore this e-mail.';

export function makeMailTemplates(brand: MailBrand) {
  const link = (path: string) => `${brand.publicUrl}${path}`;
  const portal = (path: string) => link(`/userDashboard/${path}`);

  return {
    verifyEmail: (p: { firstName: string; url: string }) =>
      compose(
        brand,
        'verify-email',
        `Verify your e-mail address for ${brand.companyName}`,
        p.firstName,
        [
          {
            paragraph: `Please confirm that this is your e-mail address. Until you do, you can look around your account but not deposit, withdraw or subscribe to a plan.`,
          },
          { link: { label: 'Verify my e-mail address', url: p.url } },
          { paragraph: `The link works once, for 24 hours. ${IGNORE_IF_NOT_YOU}` },
        ],
      ),

    passwordReset: (p: { firstName: string; url: string }) =>
      compose(brand, 'password-reset', `Set a new password for ${brand.companyName}`, p.firstName, [
        { paragraph: 'Someone (we hope you) asked to reset the password of your account.' },
        { link: { label: 'Set a new password', url: p.url } },
        {
          paragraph: `The link works once, for 30 minutes. Setting a new password signs out every device. ${IGNORE_IF_NOT_YOU}`,
        },
      ]),

    passwordChanged: (p: { firstName: string }) =>
      compose(brand, 'password-changed', 'Your password was changed', p.firstName, [
        {
          paragraph:
            'The password of your account was just changed, and other devices were signed out.',
        },
        { paragraph: 'If this was not you, reset your password at once and contact support.' },
        { link: { label: 'Reset my password', url: link('/passwordReset') } },
      ]),

    depositConfirmed: (p: { firstName: string; amountMinor: number; method: string }) =>
      compose(
        brand,
        'deposit-confirmed',
        `Deposit of ${dollars(p.amountMinor)} confirmed`,
        p.firstName,
        [
          {
            paragraph: `We received your ${p.method} deposit of ${dollars(p.amountMinor)}; it is now in your balance.`,
          },
          { link: { label: 'See your transactions', url: portal('transactionHistory') } },
        ],
      ),

    depositRejected: (p: {
      firstName: string;
      amountMinor: number;
      method: string;
      reason: string;
    }) =>
      compose(
        brand,
        'deposit-rejected',
        `Deposit of ${dollars(p.amountMinor)} not accepted`,
        p.firstName,
        [
          {
            paragraph: `Your ${p.method} deposit request of ${dollars(p.amountMinor)} was not accepted.`,
          },
          { paragraph: `Reason: ${p.reason}` },
          { link: { label: 'Open your deposits', url: portal('depositWithdrawal') } },
        ],
      ),

    withdrawalApproved: (p: { firstName: string; amountMinor: number; method: string }) =>
      compose(
        brand,
        'withdrawal-approved',
        `Withdrawal of ${dollars(p.amountMinor)} approved`,
        p.firstName,
        [
          {
            paragraph: `Your ${p.method} withdrawal of ${dollars(p.amountMinor)} was approved and the funds have left your account.`,
          },
          { link: { label: 'See your transactions', url: portal('transactionHistory') } },
        ],
      ),

    withdrawalRejected: (p: {
      firstName: string;
      amountMinor: number;
      method: string;
      reason: string;
    }) =>
      compose(
        brand,
        'withdrawal-rejected',
        `Withdrawal of ${dollars(p.amountMinor)} not approved`,
        p.firstName,
        [
          {
            paragraph: `Your ${p.method} withdrawal request of ${dollars(p.amountMinor)} was not approved; the held funds are available again.`,
          },
          { paragraph: `Reason: ${p.reason}` },
          { link: { label: 'Open your withdrawals', url: portal('depositWithdrawal') } },
        ],
      ),

    documentApproved: (p: { firstName: string; documentLabel: string }) =>
      compose(brand, 'document-approved', `${p.documentLabel} approved`, p.firstName, [
        { paragraph: `Your ${inSentence(p.documentLabel)} has been checked and approved.` },
        { link: { label: 'See your verification status', url: portal('verification') } },
      ]),

    documentRejected: (p: { firstName: string; documentLabel: string; reason: string }) =>
      compose(brand, 'document-rejected', `${p.documentLabel} not accepted`, p.firstName, [
        { paragraph: `We could not accept your ${inSentence(p.documentLabel)}.` },
        { paragraph: `Reason: ${p.reason}` },
        { paragraph: 'Please upload a new one.' },
        { link: { label: 'Upload a new document', url: portal('verification') } },
      ]),

    ticketReply: (p: {
      firstName: string | null;
      subject: string;
      reply: string;
      signedIn: boolean;
    }) =>
      compose(brand, 'ticket-reply', `Re: ${p.subject}`, p.firstName, [
        { paragraph: `Our support team answered your message "${p.subject}":` },
        { paragraph: p.reply },
        ...(p.signedIn
          ? [{ link: { label: 'Open your support messages', url: portal('support') } }]
          : []),
      ]),

    /**
     * A staff member's invitation (decision 111): a new account, or an owner's reset of their
     * two-factor authentication. The link carries the token in its fragment.
     */
    staffInvitation: (p: {
      username: string;
      roleLabel: string;
      url: string;
      reason: 'new' | 'reset';
    }) =>
      compose(
        brand,
        'staff-invitation',
        p.reason === 'new'
          ? `Your ${brand.companyName} back-office account`
          : `Set up your ${brand.companyName} back-office sign-in again`,
        p.username,
        [
          {
            paragraph:
              p.reason === 'new'
                ? `An owner created a back-office account for you: username ${p.username}, role ${p.roleLabel}.`
                : `An owner reset the two-factor authentication of your back-office account ${p.username}. Your sessions were ended and your old password no longer works.`,
          },
          { link: { label: 'Set up my sign-in', url: p.url } },
          {
            paragraph:
              'On that page you choose your password and connect an authenticator app (for example Google Authenticator, Microsoft Authenticator, 1Password or Aegis). The link works once, for 72 hours.',
          },
          { paragraph: 'If you did not expect this, tell the owners of the back office.' },
        ],
      ),

    staffPasswordChanged: (p: { username: string }) =>
      compose(
        brand,
        'staff-password-changed',
        'Your back-office password was changed',
        p.username,
        [
          {
            paragraph: `The password of your back-office account ${p.username} was just changed, and your other sessions were ended.`,
          },
          {
            paragraph:
              'If this was not you, ask an owner at once to disable the account or reset its two-factor authentication.',
          },
        ],
      ),

    ...makeTradingMailTemplates(brand, portal),

    calendarReminder: (p: { firstName: string; dateLabel: string }) =>
      compose(brand, 'calendar-reminder', `Reminder: ${p.dateLabel}`, p.firstName, [
        { paragraph: `You asked us to remind you of ${p.dateLabel} in the calendar of webinars.` },
        { link: { label: 'Open the calendar', url: link('/calendar') } },
      ]),
  } satisfies Record<string, (params: never) => RenderedMail>;
}

export type MailTemplates = ReturnType<typeof makeMailTemplates>;
