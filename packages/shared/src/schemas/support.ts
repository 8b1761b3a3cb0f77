// Support tickets: the public contact form and the dashboard support form send the same body
// to `POST /api/support/send` (docs/product.md §4, §7). The same schema drives both React forms
// (zodResolver) and the API route, so each message below exists once.
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { NUL_CHARACTER_MESSAGE, hasNoNul } from './storable.js';

const m = MESSAGES.support;

export const SUPPORT_SUBJECT_MAX = 200;
export const SUPPORT_MESSAGE_MAX = 5_000;

// Registration's e-mail shape (docs/origin.md §5: "{name}@{domain}.{tld}", no spaces).
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The seed has no required field on these forms, but an empty ticket helps nobody: the message
 * is required; the subject may be empty. The e-mail is optional (public form only; the API
 * ignores it when a client token is sent) and an empty string counts as absent.
 */
export const SupportBodySchema = z.object({
  subject: z
    .string({ error: m.subjectInvalid })
    .trim()
    .max(SUPPORT_SUBJECT_MAX, m.subjectTooLong)
    .refine(hasNoNul, NUL_CHARACTER_MESSAGE)
    .optional()
    .default(''),
  message: z
    .string({ error: m.messageRequired })
    .trim()
    .min(1, m.messageRequired)
    .max(SUPPORT_MESSAGE_MAX, m.messageTooLong)
    .refine(hasNoNul, NUL_CHARACTER_MESSAGE),
  email: z
    .string({ error: m.emailInvalid })
    .trim()
    .max(254, m.emailInvalid)
    .refine((email) => email === '' || EMAIL_SHAPE.test(email), m.emailInvalid)
    .refine(hasNoNul, NUL_CHARACTER_MESSAGE)
    .transform((email) => (email === '' ? undefined : email.toLowerCase()))
    .optional(),
});

export type SupportBody = z.infer<typeof SupportBodySchema>;
/** What the support forms hold before validation. */
export type SupportForm = z.input<typeof SupportBodySchema>;

export const SupportSentResponseSchema = z.object({
  message: z.string(),
  ticketId: z.uuid(),
});
export type SupportSentResponse = z.infer<typeof SupportSentResponseSchema>;

/** GET /api/support/tickets: the signed-in client's tickets with their conversation. */
export const SupportTicketSchema = z.object({
  id: z.string(),
  subject: z.string(),
  status: z.enum(['open', 'answered', 'closed']),
  createdAt: z.string(),
  updatedAt: z.string(),
  messages: z.array(
    z.object({
      id: z.string(),
      author: z.enum(['client', 'staff', 'visitor']),
      body: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type SupportTicket = z.infer<typeof SupportTicketSchema>;
export const SupportTicketListSchema = z.object({ items: z.array(SupportTicketSchema) });
export type SupportTicketList = z.infer<typeof SupportTicketListSchema>;
