import { z } from 'zod';
import { COUNTRIES, type Country } from '../catalog/countries.js';
import { COUNTRY_CODES } from '../catalog/countries-iso.js';
import { MESSAGES } from '../messages.js';
import { phoneToE164 } from '../phone.js';
import { NUL_CHARACTER_MESSAGE, hasNoNul } from './storable.js';

const m = MESSAGES.register;

/** A required text field whose one message covers missing, mistyped and blank values. */
function requiredText(message: string, maxLength: number) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(maxLength, m.tooLong)
    .refine(hasNoNul, NUL_CHARACTER_MESSAGE);
}

// "must look like {email} with no spaces" (docs/origin.md §5).
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const EmailSchema = requiredText(m.emailRequired, 254)
  .regex(EMAIL_SHAPE, m.emailInvalid)
  .transform((email) => email.toLowerCase());

export const PasswordSchema = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .min(6, m.passwordTooShort)
  .max(128, m.passwordTooLong);

export const RegisterBodySchema = z
  .object({
    firstName: requiredText(m.firstNameRequired, 100),
    lastName: requiredText(m.lastNameRequired, 100),
    email: EmailSchema,
    /** As typed ("+49 151 23456789", "0151-2345678"); read with the country below. */
    phone: requiredText(m.phoneRequired, 32),
    password: PasswordSchema,
    confirmPassword: z.string({ error: m.confirmRequired }).min(1, m.confirmRequired),
    country: z.enum(COUNTRIES, { error: m.countryRequired }),
    /** Referral code from /userRegister?ref=CODE. */
    ref: z.string().trim().max(64).refine(hasNoNul, NUL_CHARACTER_MESSAGE).optional(),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: m.passwordsDiffer,
    path: ['confirmPassword'],
    // Compare as soon as both passwords are present, even while other fields are still invalid.
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirmPassword?: unknown };
      return (
        typeof value.password === 'string' &&
        typeof value.confirmPassword === 'string' &&
        value.confirmPassword.length > 0
      );
    },
  })
  // The phone is read in the context of the chosen country and kept in E.164 (decision 107),
  // checked as soon as both fields are otherwise fine, like the passwords above.
  .refine((body) => phoneToE164(body.phone, COUNTRY_CODES[body.country]) !== undefined, {
    path: ['phone'],
    error: (issue) => m.phoneInvalid((issue.input as { country: Country }).country),
    when: (payload) => {
      const value = payload.value as { phone?: unknown; country?: unknown } | null;
      return (
        typeof value?.phone === 'string' &&
        typeof value.country === 'string' &&
        Object.hasOwn(COUNTRY_CODES, value.country) &&
        !payload.issues.some((issue) => issue.path?.[0] === 'phone')
      );
    },
  })
  .transform((body) => ({
    ...body,
    phone: phoneToE164(body.phone, COUNTRY_CODES[body.country]) ?? body.phone,
  }));

export type RegisterBody = z.infer<typeof RegisterBodySchema>;
/** What the registration form holds before validation. */
export type RegisterForm = z.input<typeof RegisterBodySchema>;

// Login has no client validation in the seed; the server still checks the shape.
export const LoginBodySchema = z.object({
  email: z
    .string({ error: m.emailRequired })
    .trim()
    .min(1, m.emailRequired)
    .max(254, m.tooLong)
    .refine(hasNoNul, NUL_CHARACTER_MESSAGE)
    .transform((email) => email.toLowerCase()),
  password: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(128, m.tooLong),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const AdminLoginBodySchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(64, m.tooLong)
    .refine(hasNoNul, NUL_CHARACTER_MESSAGE),
  password: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(128, m.tooLong),
  /** The 6-digit code from the authenticator app, or one of the recovery codes (XXXXX-XXXXX). */
  totp: z
    .string()
    .trim()
    .regex(/^(\d{6}|[A-Za-z0-9]{5}-[A-Za-z0-9]{5})$/, 'Enter the 6-digit code or a recovery code')
    .optional(),
});
export type AdminLoginBody = z.infer<typeof AdminLoginBodySchema>;

export const TokenResponseSchema = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/**
 * owner: everything, manages staff; operations: clients, requests, ledger postings; support:
 * tickets, read-only clients; compliance: documents and the audit log; auditor: read-only
 * everything.
 */
export const STAFF_ROLES = ['owner', 'operations', 'support', 'compliance', 'auditor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const AdminProfileSchema = z.object({
  username: z.string(),
  role: z.enum(STAFF_ROLES),
  /** False until TOTP is set up; with STAFF_2FA=required the session can only set it up. */
  totpEnrolled: z.boolean(),
  /** 'totp-enrolment': this session may only set up TOTP, read the profile and log out. */
  sessionScope: z.enum(['full', 'totp-enrolment']),
});
export type AdminProfile = z.infer<typeof AdminProfileSchema>;

/** One row of the staff client list (`GET /api/allUsers/users`). */
export const ClientListItemSchema = z.object({
  _id: z.string(),
  userName: z.string(),
  email: z.string(),
});
export const ClientListResponseSchema = z.array(ClientListItemSchema);
export type ClientListItem = z.infer<typeof ClientListItemSchema>;
