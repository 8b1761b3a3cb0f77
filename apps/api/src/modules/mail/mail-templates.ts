// Every e-mail the platform sends, in one place: subject, plain text and HTML from the same
// facts. Templates are pure functions; the outbox stores what they return (mail.repo.ts).
import { centsToDollars, formatCents } from '@brokerdesk/shared';

export interface RenderedMail {
  /** Names the template in the outbox table (never the content). */
  template: MailTemplateName;
  subject: string;
  text: string;
  html: string;
}

export type MailTemplateName =
  | 'verify-email'
  | 'password-reset'
  | 'password-changed'
  | 'deposit-confirmed'
  | 'deposit-rejected'
  | 'withdrawal-approved'
  | 'withdrawal-rejected'
  | 'document-approved'
  | 'document-rejected'
  | 'ticket-reply'
  | 'calendar-reminder'
  | 'staff-invitation'
  | 'staff-password-changed'
  | 'margin-call'
  | 'stop-out'
  | 'trade-confirmation';

/** Who is writing, and where links point; from configuration (MAIL_FROM, PUBLIC_URL). */
export interface MailBrand {
  companyName: string;
  publicUrl: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

function dollars(amountMinor: number): string {
  return `$${centsToDollars(amountMinor).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`;
}

function signedDollars(amountMinor: number): string {
  return `${amountMinor < 0 ? '−' : ''}${dollars(Math.abs(amountMinor))}`;
}

/**
 * A paragraph is plain text; a link is shown as a button in HTML and as the bare URL in text;
 * facts are "Label: value" lines in text and a two-column table in HTML.
 */
type Block =
  | { paragraph: string }
  | { link: { label: string; url: string } }
  | { facts: readonly (readonly [label: string, value: string])[] };

function blockText(block: Block): string {
  if ('paragraph' in block) return block.paragraph;
  if ('link' in block) return `${block.link.label}: ${block.link.url}`;
  return block.facts.map(([label, value]) => `${label}: ${value}`).join('\n');
}

function blockHtml(block: Block): string {
  if ('paragraph' in block) return `<p style="margin:0 0 16px">${escapeHtml(block.paragraph)}</p>`;
  if ('link' in block) {
    return `<p style="margin:0 0 16px"><a href="${escapeHtml(block.link.url)}" style="display:inline-block;padding:10px 18px;background:#0b5cad;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(block.link.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555555">Or paste this address into your browser: ${escapeHtml(block.link.url)}</p>`;
  }
  const rows = block.facts.map(
    ([label, value]) =>
      `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;font-weight:normal;color:#555555">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
  );
  return `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${rows.join('')}</table>`;
}

function compose(
  brand: MailBrand,
  template: MailTemplateName,
  subject: string,
  greetingName: string | null,
  blocks: readonly Block[],
): RenderedMail {
  const greeting = greetingName ? `Hello ${greetingName},` : 'Hello,';
  const footer = `${brand.companyName} · ${brand.publicUrl}`;
  const text = [greeting, ...blocks.map(blockText), `— ${footer}`].join('\n\n') + '\n';
  const htmlParts = blocks.map(blockHtml);
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1d2733">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">',
    `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>`,
    ...htmlParts,
    `<p style="margin:24px 0 0;font-size:12px;color:#666666">${escapeHtml(footer)}</p>`,
    '</div></body></html>',
  ].join('');
  return { template, subject, text, html };
}

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

    // The risk rules (§11.12): once per margin-call episode and once per stop-out sequence.
    marginCall: (p: {
      firstName: string;
      accountLabel: string;
      equityMinor: number;
      usedMarginMinor: number;
      marginLevel: string;
    }) =>
      compose(
        brand,
        'margin-call',
        `Margin call on your ${p.accountLabel} trading account`,
        p.firstName,
        [
          {
            paragraph: `The equity of your ${p.accountLabel} trading account (${dollars(p.equityMinor)}) has fallen to its used margin (${dollars(p.usedMarginMinor)}): its margin level is ${p.marginLevel}%.`,
          },
          {
            paragraph:
              'While the level stays at or below 100%, orders that need more margin are refused. If it falls to 20% or below, your positions are closed at market, the biggest loss first, until it is above 20% again (a stop-out).',
          },
          {
            paragraph:
              'You can close or reduce positions, or, on a live account, move money in from your wallet.',
          },
          { link: { label: 'Open the terminal', url: portal('trade') } },
        ],
      ),

    stopOut: (p: {
      firstName: string;
      accountLabel: string;
      closed: readonly { symbol: string; side: string; lots: string; pnlMinor: number }[];
      /** The balance after the closes, before any negative balance protection. */
      balanceMinor: number;
      protectedMinor: number;
    }) =>
      compose(
        brand,
        'stop-out',
        `Positions closed on your ${p.accountLabel} trading account (stop-out)`,
        p.firstName,
        [
          {
            paragraph: `The margin level of your ${p.accountLabel} trading account fell to 20% or below, so positions were closed at market, the biggest loss first:`,
          },
          ...p.closed.map((deal) => ({
            paragraph: `${deal.side === 'buy' ? 'Buy' : 'Sell'} ${deal.lots} ${deal.symbol}: ${signedDollars(deal.pnlMinor)}`,
          })),
          { paragraph: `Balance after the closes: ${signedDollars(p.balanceMinor)}.` },
          ...(p.protectedMinor > 0
            ? [
                {
                  paragraph: `Negative balance protection credited ${dollars(p.protectedMinor)}, so the balance is $0.00: you cannot lose more than you put in.`,
                },
              ]
            : []),
          { link: { label: 'See your trading history', url: portal('trade') } },
        ],
      ),

    /**
     * One deal, if the client turned confirmations on (decision 137): a fill ('in') or a close
     * ('out', with its realised P/L and why it closed). Figures arrive formatted by the caller.
     */
    tradeConfirmation: (p: {
      firstName: string;
      accountLabel: string;
      dealId: number;
      entry: 'in' | 'out';
      symbol: string;
      side: string;
      lots: string;
      price: string;
      time: string;
      pnlMinor: number;
      reason: string;
      /** "Simulated prices" (§11.1: never presented as market prices). */
      pricesLabel: string;
    }) => {
      const what = `${p.side} ${p.lots} ${p.symbol} at ${p.price}`;
      return compose(
        brand,
        'trade-confirmation',
        `${p.entry === 'in' ? 'Opened' : 'Closed'}: ${what} (${p.accountLabel}, deal ${p.dealId})`,
        p.firstName,
        [
          {
            paragraph:
              p.entry === 'in'
                ? `A position opened on your ${p.accountLabel} trading account:`
                : `A position on your ${p.accountLabel} trading account was closed (${p.reason}):`,
          },
          {
            facts: [
              ['Account', p.accountLabel],
              ['Deal', String(p.dealId)],
              ['Symbol', p.symbol],
              // A close's deal carries the side of the position it closes (bought, then sold).
              [p.entry === 'in' ? 'Side' : 'Position side', p.side],
              ['Volume', `${p.lots} lots`],
              ['Price', p.price],
              ['Time', p.time],
              ...(p.entry === 'out'
                ? [
                    ['Realised P/L', formatCents(p.pnlMinor)] as const,
                    ['Reason', p.reason] as const,
                  ]
                : []),
            ],
          },
          {
            paragraph: `${p.pricesLabel}. The platform is the counterparty of every trade.`,
          },
          { link: { label: 'See your trading history', url: portal('trade') } },
          {
            paragraph:
              'You get these e-mails because you turned on trade confirmations; you can turn them off on your account page.',
          },
          { link: { label: 'Open your account page', url: portal('account') } },
        ],
      );
    },

    calendarReminder: (p: { firstName: string; dateLabel: string }) =>
      compose(brand, 'calendar-reminder', `Reminder: ${p.dateLabel}`, p.firstName, [
        { paragraph: `You asked us to remind you of ${p.dateLabel} in the calendar of webinars.` },
        { link: { label: 'Open the calendar', url: link('/calendar') } },
      ]),
  } satisfies Record<string, (params: never) => RenderedMail>;
}

export type MailTemplates = ReturnType<typeof makeMailTemplates>;
