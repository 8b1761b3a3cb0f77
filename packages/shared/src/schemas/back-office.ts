// The back office's contract (issue: back office): TOTP enrolment, staff accounts, the client
// list and detail, the support inbox, the audit log and the overview. Staff endpoints live under
// /api/staff/… with header x-auth-token; each declares a permission (permissions.ts).
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { LinkTokenSchema } from './account-security.js';
import { EmailSchema, STAFF_ROLES } from './auth.js';
import { NUL_CHARACTER_MESSAGE, hasNoNul, isStorableTime } from './storable.js';
import { SubscriptionSchema } from './subscriptions.js';
import { ProfitBreakdownSchema, TransactionWithTimelineSchema } from './money.js';
import { SupportTicketSchema } from './support.js';

const m = MESSAGES.backOffice;

// ---------------------------------------------------------------------------------------------
// TOTP

/** POST /api/staff/totp/setup: a new secret to scan (not active until confirmed). */
export const TotpSetupSchema = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  /** otpauth://totp/… — the QR code's content. */
  otpauthUri: z.string(),
});
export type TotpSetup = z.infer<typeof TotpSetupSchema>;

export const TotpCodeBodySchema = z.object({
  code: z
    .string({ error: m.totpCodeInvalid })
    .trim()
    .regex(/^\d{6}$/, m.totpCodeInvalid),
});
export type TotpCodeBody = z.infer<typeof TotpCodeBodySchema>;

/** POST /api/staff/totp/confirm: enrolment done; the recovery codes are shown this once. */
export const TotpConfirmedSchema = z.object({
  recoveryCodes: z.array(z.string()),
});
export type TotpConfirmed = z.infer<typeof TotpConfirmedSchema>;

// ---------------------------------------------------------------------------------------------
// Staff accounts (owner)

export const StaffMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  /** Where invitations go; null for the first owner (ADMIN_USERNAME) and older accounts. */
  email: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  totpEnrolled: z.boolean(),
  disabled: z.boolean(),
  /**
   * Set while the member has not accepted their invitation (they cannot sign in yet): when the
   * newest link expires, and whether it has.
   */
  invitation: z.object({ expiresAt: z.string(), expired: z.boolean() }).nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;
export const StaffMemberListSchema = z.object({ items: z.array(StaffMemberSchema) });

/** A staff password: longer than a client's (docs/back-office-api.md). */
export const StaffPasswordSchema = z
  .string({ error: m.staffPasswordTooShort })
  .min(12, m.staffPasswordTooShort)
  .max(128, MESSAGES.register.passwordTooLong);

/**
 * POST /api/staff/members: the owner invites a member; the member chooses their password and
 * authenticator from the e-mailed link (decision 111).
 */
export const CreateStaffBodySchema = z.object({
  username: z
    .string({ error: m.usernameInvalid })
    .trim()
    .regex(/^[A-Za-z0-9._-]{3,64}$/, m.usernameInvalid),
  email: EmailSchema,
  role: z.enum(STAFF_ROLES, { error: m.roleInvalid }),
});
export type CreateStaffBody = z.infer<typeof CreateStaffBodySchema>;
export type CreateStaffForm = z.input<typeof CreateStaffBodySchema>;

/** The second factor as the sign-in takes it: the app's 6 digits or a recovery code. */
export const SecondFactorCodeSchema = z
  .string({ error: m.totpCodeOrRecovery })
  .trim()
  .regex(/^(\d{6}|[A-Za-z0-9]{5}-[A-Za-z0-9]{5})$/, m.totpCodeOrRecovery);

/** Compares a new password with its confirmation once both are typed. */
function confirmationMatches(newKey: string) {
  return {
    message: MESSAGES.register.passwordsDiffer,
    path: ['confirmPassword'],
    when: (payload: { value: unknown }) => {
      const value = payload.value as Record<string, unknown> | null;
      return (
        typeof value?.[newKey] === 'string' &&
        typeof value.confirmPassword === 'string' &&
        value.confirmPassword.length > 0
      );
    },
  };
}

/** POST /api/staff/password: a staff member changes their own password (decision 111). */
export const ChangeStaffPasswordBodySchema = z
  .object({
    currentPassword: z
      .string({ error: MESSAGES.account.currentPasswordRequired })
      .min(1, MESSAGES.account.currentPasswordRequired)
      .max(128, MESSAGES.register.passwordTooLong),
    newPassword: StaffPasswordSchema,
    confirmPassword: z
      .string({ error: MESSAGES.register.confirmRequired })
      .min(1, MESSAGES.register.confirmRequired),
    /** Required once two-factor authentication is on (the server says so on `code`). */
    code: SecondFactorCodeSchema.optional(),
  })
  .refine((body) => body.newPassword === body.confirmPassword, confirmationMatches('newPassword'));
export type ChangeStaffPasswordBody = z.infer<typeof ChangeStaffPasswordBodySchema>;
export type ChangeStaffPasswordForm = z.input<typeof ChangeStaffPasswordBodySchema>;

// ---------------------------------------------------------------------------------------------
// Invitations (no sign-in: the token from the mailed link is the credential, sent in the body
// so that it never reaches a logged URL)

export const STAFF_INVITATION_PATH = '/staffInvitation';
/** How long an invitation link works. */
export const STAFF_INVITATION_LIFETIME_MS = 72 * 60 * 60 * 1000;

export const InvitationTokenBodySchema = z.object({ token: LinkTokenSchema });
export type InvitationTokenBody = z.infer<typeof InvitationTokenBodySchema>;

/** POST /api/invitations/lookup: whom the link invites, as what, until when. */
export const StaffInvitationSchema = z.object({
  username: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  expiresAt: z.string(),
});
export type StaffInvitation = z.infer<typeof StaffInvitationSchema>;

/** POST /api/invitations/accept: the member's own password and the first code of their app. */
export const AcceptInvitationBodySchema = z
  .object({
    token: LinkTokenSchema,
    password: StaffPasswordSchema,
    confirmPassword: z
      .string({ error: MESSAGES.register.confirmRequired })
      .min(1, MESSAGES.register.confirmRequired),
    code: z
      .string({ error: m.totpCodeInvalid })
      .trim()
      .regex(/^\d{6}$/, m.totpCodeInvalid),
  })
  .refine((body) => body.password === body.confirmPassword, confirmationMatches('password'));
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBodySchema>;
export type AcceptInvitationForm = z.input<typeof AcceptInvitationBodySchema>;

// ---------------------------------------------------------------------------------------------
// Clients

export const CLIENT_SORTS = ['name', 'email', 'country', 'joined', 'balance'] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];

export const ClientListQuerySchema = z.object({
  /** Matches name or e-mail, case-insensitively. */
  q: z.string().trim().max(100, m.searchTooLong).refine(hasNoNul, NUL_CHARACTER_MESSAGE).optional(),
  sort: z.enum(CLIENT_SORTS, { error: 'Unknown sort' }).default('joined'),
  dir: z.enum(['asc', 'desc'], { error: 'dir must be asc or desc' }).default('desc'),
  page: z.coerce.number().int().min(1, 'page must be at least 1').max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize must be at most 100').default(25),
});
export type ClientListQuery = z.infer<typeof ClientListQuerySchema>;

export const StaffClientRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  country: z.string(),
  joinedAt: z.string(),
  verified: z.boolean(),
  disabled: z.boolean(),
  /** Available balance. */
  balanceMinor: z.number().int(),
});
export type StaffClientRow = z.infer<typeof StaffClientRowSchema>;

export const StaffClientPageSchema = z.object({
  items: z.array(StaffClientRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type StaffClientPage = z.infer<typeof StaffClientPageSchema>;

export const StaffClientDetailSchema = z.object({
  client: StaffClientRowSchema.extend({
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    referralCode: z.string(),
    referredBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  }),
  /**
   * The wallet and the live trading account together, by the rule of the client's dashboard
   * (its Balance card is availableMinor, its Profit card profitMinor with profitParts).
   */
  balances: z.object({
    /** The wallet's posted balance plus the live account's. */
    balanceMinor: z.number().int(),
    /** balanceMinor − heldMinor. */
    availableMinor: z.number().int(),
    heldMinor: z.number().int(),
    /** The live trading account's balance, counted in balanceMinor and availableMinor. */
    liveTradingMinor: z.number().int(),
    depositedMinor: z.number().int(),
    profitMinor: z.number().int(),
    /** Credited by staff, realised by trades (decision 103); only parts that moved money. */
    profitParts: ProfitBreakdownSchema.shape.parts,
    bonusMinor: z.number().int(),
    refBonusMinor: z.number().int(),
  }),
  /** Newest 100 statement rows with their timelines. */
  transactions: z.array(TransactionWithTimelineSchema),
  subscriptions: z.array(SubscriptionSchema),
  tickets: z.array(SupportTicketSchema),
  referrals: z.array(
    z.object({ id: z.string(), name: z.string(), email: z.string(), joinedAt: z.string() }),
  ),
  sessions: z.array(
    z.object({
      createdAt: z.string(),
      expiresAt: z.string(),
      lastSeenAt: z.string(),
      userAgent: z.string().nullable(),
    }),
  ),
  /** The newest mails to this client (metadata only; bodies are gone once sent). */
  mails: z.array(
    z.object({
      id: z.string(),
      template: z.string(),
      subject: z.string(),
      state: z.enum(['queued', 'sent', 'failed']),
      createdAt: z.string(),
      sendAfter: z.string(),
      sentAt: z.string().nullable(),
      lastError: z.string().nullable(),
    }),
  ),
});
export type StaffClientDetail = z.infer<typeof StaffClientDetailSchema>;

export const ClientCreatedSchema = z.object({ message: z.string(), clientId: z.string() });

// ---------------------------------------------------------------------------------------------
// Support inbox

export const TICKET_FILTERS = ['open', 'answered', 'closed', 'all'] as const;

export const StaffTicketListQuerySchema = z.object({
  status: z.enum(TICKET_FILTERS, { error: 'Unknown status' }).default('open'),
});

export const StaffTicketSchema = SupportTicketSchema.extend({
  /** The client, or null for a visitor of the public contact form. */
  client: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  /** Where to answer a visitor (public form), when they left an address. */
  replyEmail: z.string().nullable(),
});
export type StaffTicket = z.infer<typeof StaffTicketSchema>;
export const StaffTicketListSchema = z.object({ items: z.array(StaffTicketSchema) });

export const TicketReplyBodySchema = z.object({
  message: z
    .string({ error: MESSAGES.support.messageRequired })
    .trim()
    .min(1, MESSAGES.support.messageRequired)
    .max(5_000, MESSAGES.support.messageTooLong)
    .refine(hasNoNul, NUL_CHARACTER_MESSAGE),
});
export type TicketReplyBody = z.infer<typeof TicketReplyBodySchema>;

// ---------------------------------------------------------------------------------------------
// Audit log

/** An ISO date-time with offset, within years 1–9999 once in UTC (what PostgreSQL can compare). */
function auditTime(message: string) {
  return z.iso
    .datetime({ offset: true, error: message })
    .refine((value) => isStorableTime(Date.parse(value)), message);
}

export const AuditQuerySchema = z.object({
  /** Staff username, exact (case-insensitive). */
  staff: z.string().trim().max(64).refine(hasNoNul, NUL_CHARACTER_MESSAGE).optional(),
  /** Action prefix, e.g. "deposit." or "deposit.confirm". */
  action: z.string().trim().max(64).refine(hasNoNul, NUL_CHARACTER_MESSAGE).optional(),
  targetId: z.string().trim().max(64).refine(hasNoNul, NUL_CHARACTER_MESSAGE).optional(),
  from: auditTime('from must be an ISO date-time').optional(),
  to: auditTime('to must be an ISO date-time').optional(),
  cursor: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(200, 'limit must be at most 200').default(50),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  staffUsername: z.string(),
  staffRole: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** The client's or staff member's name, when the target is one (null otherwise). */
  targetName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditPageSchema = z.object({
  items: z.array(AuditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

// ---------------------------------------------------------------------------------------------
// Overview

export const StaffOverviewSchema = z.object({
  newClients: z.object({
    today: z.number().int(),
    last7Days: z.number().int(),
    last30Days: z.number().int(),
  }),
  pendingRequests: z.object({
    total: z.number().int(),
    underOneHour: z.number().int(),
    underOneDay: z.number().int(),
    olderThanOneDay: z.number().int(),
  }),
  deposits: z.object({ todayMinor: z.number().int(), monthMinor: z.number().int() }),
  withdrawals: z.object({ todayMinor: z.number().int(), monthMinor: z.number().int() }),
  openTickets: z.number().int(),
  /** The last 30 days (UTC), oldest first: confirmed deposits and approved withdrawals. */
  daily: z.array(
    z.object({
      date: z.string(),
      depositsMinor: z.number().int(),
      withdrawalsMinor: z.number().int(),
    }),
  ),
});
export type StaffOverview = z.infer<typeof StaffOverviewSchema>;
