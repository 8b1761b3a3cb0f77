// Issue 6: e-mailed links (verification, password reset), the account's session list and
// calendar reminders. Tokens travel in the link's fragment (#token=…), never in a query
// string, so they reach neither server logs nor Referer headers; pages POST them here.
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { EmailSchema, PasswordSchema } from './auth.js';

const v = MESSAGES.verification;

/** The web pages a mailed link opens (SPA-only, never pre-rendered). */
export const TOKEN_LINK_PATHS = {
  verifyEmail: '/verifyEmail',
  setNewPassword: '/setNewPassword',
} as const;

export const LINK_LIFETIMES_MS = {
  'verify-email': 24 * 60 * 60 * 1000,
  'password-reset': 30 * 60 * 1000,
} as const;

/** A client may ask for a new verification link once a minute. */
export const VERIFICATION_RESEND_COOLDOWN_MS = 60 * 1000;

/** Our tokens are 32 random bytes in base64url; anything else cannot be one. */
export const LinkTokenSchema = z
  .string({ error: v.linkInvalid })
  .regex(/^[A-Za-z0-9_-]{43}$/, v.linkInvalid);

export const VerifyEmailBodySchema = z.object({ token: LinkTokenSchema });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBodySchema>;

export const ResendVerificationResponseSchema = z.object({
  message: z.string(),
  /** Seconds until another link may be requested. */
  retryAfterSeconds: z.number().int(),
});
export type ResendVerificationResponse = z.infer<typeof ResendVerificationResponseSchema>;

export const PasswordResetRequestBodySchema = z.object({ email: EmailSchema });
export type PasswordResetRequestBody = z.infer<typeof PasswordResetRequestBodySchema>;

export const SetNewPasswordBodySchema = z
  .object({
    token: LinkTokenSchema,
    password: PasswordSchema,
    confirmPassword: z
      .string({ error: MESSAGES.register.confirmRequired })
      .min(1, MESSAGES.register.confirmRequired),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: MESSAGES.register.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type SetNewPasswordBody = z.infer<typeof SetNewPasswordBodySchema>;
export type SetNewPasswordForm = z.input<typeof SetNewPasswordBodySchema>;

/** One signed-in device on the account page. */
export const ClientSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  /** The session making this request. */
  current: z.boolean(),
});
export type ClientSession = z.infer<typeof ClientSessionSchema>;

export const ClientSessionListSchema = z.object({ sessions: z.array(ClientSessionSchema) });
export type ClientSessionList = z.infer<typeof ClientSessionListSchema>;

export const SignOutOthersResponseSchema = z.object({
  message: z.string(),
  revoked: z.number().int(),
});
export type SignOutOthersResponse = z.infer<typeof SignOutOthersResponseSchema>;

/** The calendar's REMIND for a signed-in client: a mail at 08:00 local time on `date`. */
export const ReminderBodySchema = z.object({
  date: z
    .string({ error: MESSAGES.reminder.dateInvalid })
    .regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.reminder.dateInvalid),
  /** The browser's IANA time zone (e.g. Europe/London); UTC when absent or unknown. */
  timeZone: z.string().max(64).optional(),
});
export type ReminderBody = z.infer<typeof ReminderBodySchema>;

export const ReminderResponseSchema = z.object({
  message: z.string(),
  /** When the mail goes out (ISO 8601). */
  sendAt: z.string(),
});
export type ReminderResponse = z.infer<typeof ReminderResponseSchema>;
