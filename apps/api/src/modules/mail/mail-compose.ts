// How every e-mail is put together: subject, plain text and HTML from the same facts (blocks),
// and the names of the templates (mail-templates.ts, trading-mail-templates.ts).
import { centsToDollars } from '@brokerdesk/shared';

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
  | 'trade-confirmation'
  | 'deal-correction';

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

export function dollars(amountMinor: number): string {
  return `$${centsToDollars(amountMinor).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`;
}

export function signedDollars(amountMinor: number): string {
  return `${amountMinor < 0 ? '−' : ''}${dollars(Math.abs(amountMinor))}`;
}

/**
 * A paragraph is plain text; a link is shown as a button in HTML and as the bare URL in text;
 * facts are "Label: value" lines in text and a two-column table in HTML.
 */
export type Block =
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

export function compose(
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
