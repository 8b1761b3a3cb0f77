// Verification documents (docs/origin.md §5, issue 6): what a client uploads, what staff decide, and the
// client's verification summary. The limits and the type sniffing below are used by the API
// (which enforces them) and by the portal (which checks a file before sending it), so a file the
// page accepts is a file the server accepts.
import { z } from 'zod';
import { DOCUMENT_MESSAGES } from '../signed-in-messages.js';
import { formatCents } from '../money.js';
import { ReasonBodySchema } from './money.js';

const m = DOCUMENT_MESSAGES;

export const DOCUMENT_KINDS = ['id', 'residence', 'card-front', 'card-back'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  id: 'Proof of ID',
  residence: 'Proof of residence',
  'card-front': 'Card front',
  'card-back': 'Card back',
};

/** What each document must show, in the seed's words (legal text, "verification documents"). */
export const DOCUMENT_KIND_RULES: Record<DocumentKind, string> = {
  id: 'A passport, identity card or driving licence with all 4 corners and your full name visible.',
  residence:
    'A utility bill, bank statement or tax letter with your name and address, dated within the last 3 months.',
  'card-front':
    'A photo of the front of the card you deposit with: middle digits masked, last 4 digits visible.',
  'card-back':
    'A photo of the back of the same card: middle digits masked, last 4 digits visible. Cover the 3-digit security code.',
};

/** Proof of ID and of residence verify an account; card photos only matter for card deposits. */
export const REQUIRED_DOCUMENT_KINDS = [
  'id',
  'residence',
] as const satisfies readonly DocumentKind[];
export const CARD_DOCUMENT_KINDS = [
  'card-front',
  'card-back',
] as const satisfies readonly DocumentKind[];

/** Staff check it on the document; stated on the upload page. */
export const RESIDENCE_MAX_AGE_MONTHS = 3;

export const DOCUMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  pending: 'Pending review',
  approved: 'Approved',
  rejected: 'Rejected',
};

// ---------------------------------------------------------------------------------------------
// Files: size and type

export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** "10 MB", for messages. */
export const DOCUMENT_MAX_SIZE_TEXT = `${DOCUMENT_MAX_BYTES / (1024 * 1024)} MB`;
/** The original file name is kept for display only, cut to this length. */
export const DOCUMENT_NAME_MAX = 200;

export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];

export const DOCUMENT_EXTENSIONS: Record<DocumentContentType, string> = {
  'application/pdf': '.pdf',
  'image/jpeg': '.jpg',
  'image/png': '.png',
};

/** For `<input type="file" accept>`: a hint to the file picker; the content decides. */
export const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/** Each accepted type's first bytes ("magic numbers"). */
const MAGIC: readonly { type: DocumentContentType; bytes: readonly number[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }, // \x89PNG\r\n\x1a\n
];

/** How many leading bytes sniffDocumentType needs to decide. */
export const DOCUMENT_SNIFF_BYTES = Math.max(...MAGIC.map((magic) => magic.bytes.length));

/**
 * The type of a file from its first bytes, never from its name or a declared content type;
 * null when it is none of the accepted types (or too short to tell).
 */
export function sniffDocumentType(head: Uint8Array): DocumentContentType | null {
  for (const magic of MAGIC) {
    if (head.length >= magic.bytes.length && magic.bytes.every((byte, i) => head[i] === byte)) {
      return magic.type;
    }
  }
  return null;
}

function isDocumentContentType(value: string): value is DocumentContentType {
  return (DOCUMENT_CONTENT_TYPES as readonly string[]).includes(value);
}

/** The label of a stored content type: "PDF", "JPEG", "PNG". */
export function documentTypeLabel(contentType: string): string {
  if (!isDocumentContentType(contentType)) return contentType;
  return { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG' }[contentType];
}

// ---------------------------------------------------------------------------------------------
// Client calls

/** POST /api/documents?kind=…: the raw file is the body (see docs/documents-api.md). */
export const DocumentUploadQuerySchema = z.object({
  kind: z.enum(DOCUMENT_KINDS, { error: m.kindInvalid }),
});
export type DocumentUploadQuery = z.infer<typeof DocumentUploadQuerySchema>;

/** The optional `x-file-name` header: the original name, percent-encoded (encodeURIComponent). */
export const DOCUMENT_FILE_NAME_HEADER = 'x-file-name';

export const DocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  status: z.enum(DOCUMENT_STATUSES),
  /** As uploaded (cleaned), for display only. */
  originalName: z.string(),
  /** Sniffed from the content. */
  contentType: z.enum(DOCUMENT_CONTENT_TYPES),
  sizeBytes: z.number().int(),
  /** Staff's reason when rejected; the client sees it. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type ClientDocument = z.infer<typeof DocumentSchema>;

export const VERIFICATION_STATUSES = [
  'not-started',
  'pending',
  'verified',
  'action-needed',
] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const VERIFICATION_STATUS_LABELS: Record<VerificationStatus, string> = {
  'not-started': 'Not started',
  pending: 'Being checked',
  verified: 'Verified',
  'action-needed': 'Action needed',
};

/**
 * The client's verification at a glance. Each kind's newest document is the one that counts.
 * - verified: proof of ID and proof of residence are both approved;
 * - not-started: neither has been uploaded;
 * - action-needed: one of them is missing or was rejected (the client must upload);
 * - pending: both are uploaded, at least one is waiting for staff.
 * Card photos are listed but do not change the status: they matter for card deposits only.
 */
export const VerificationSummarySchema = z.object({
  emailVerified: z.boolean(),
  status: z.enum(VERIFICATION_STATUSES),
  documents: z.object({
    id: DocumentSchema.nullable(),
    residence: DocumentSchema.nullable(),
    'card-front': DocumentSchema.nullable(),
    'card-back': DocumentSchema.nullable(),
  }),
});
export type VerificationSummary = z.infer<typeof VerificationSummarySchema>;

/** The summary's status from each kind's newest document (null: none uploaded). */
export function verificationStatusOf(
  latest: Record<DocumentKind, Pick<ClientDocument, 'status'> | null>,
): VerificationStatus {
  const required = REQUIRED_DOCUMENT_KINDS.map((kind) => latest[kind]);
  if (required.every((doc) => doc?.status === 'approved')) return 'verified';
  if (required.every((doc) => doc === null)) return 'not-started';
  if (required.some((doc) => doc === null || doc.status === 'rejected')) return 'action-needed';
  return 'pending';
}

/** GET /api/documents: the client's documents (newest first) and their summary. */
export const ClientDocumentsSchema = z.object({
  items: z.array(DocumentSchema),
  verification: VerificationSummarySchema,
});
export type ClientDocuments = z.infer<typeof ClientDocumentsSchema>;

/** 201 from POST /api/documents. */
export const DocumentUploadedSchema = z.object({
  message: z.string(),
  document: DocumentSchema,
  verification: VerificationSummarySchema,
});
export type DocumentUploaded = z.infer<typeof DocumentUploadedSchema>;

// ---------------------------------------------------------------------------------------------
// Staff calls

export const StaffDocumentSchema = DocumentSchema.extend({
  client: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /** SHA-256 of the file, hex: the same file uploaded twice has the same value. */
  sha256: z.string(),
  /** Username of the staff member who decided, when decided. */
  reviewedBy: z.string().nullable(),
});
export type StaffDocument = z.infer<typeof StaffDocumentSchema>;

export const STAFF_DOCUMENTS_PAGE_MAX = 100;

/** GET /api/staff/documents: pending oldest first (the queue); decided ones newest first. */
export const StaffDocumentQuerySchema = z.object({
  status: z.enum(DOCUMENT_STATUSES, { error: m.statusInvalid }).default('pending'),
  cursor: z.string().max(64).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(STAFF_DOCUMENTS_PAGE_MAX, `limit must be at most ${STAFF_DOCUMENTS_PAGE_MAX}`)
    .default(50),
});
export type StaffDocumentQuery = z.infer<typeof StaffDocumentQuerySchema>;

export const StaffDocumentPageSchema = z.object({
  items: z.array(StaffDocumentSchema),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type StaffDocumentPage = z.infer<typeof StaffDocumentPageSchema>;

/** GET /api/staff/clients/:clientId/documents. */
export const StaffClientDocumentsSchema = z.object({
  items: z.array(StaffDocumentSchema),
  verification: VerificationSummarySchema,
});
export type StaffClientDocuments = z.infer<typeof StaffClientDocumentsSchema>;

/** POST /api/staff/documents/:id/reject: the reason is required and the client sees it. */
export const DocumentRejectBodySchema = ReasonBodySchema;
export type DocumentRejectBody = z.infer<typeof DocumentRejectBodySchema>;

export const DocumentReviewedSchema = z.object({
  message: z.string(),
  document: StaffDocumentSchema,
});
export type DocumentReviewed = z.infer<typeof DocumentReviewedSchema>;

// ---------------------------------------------------------------------------------------------
// What waits for the documents (decision 104)

export type RequiredDocumentKind = (typeof REQUIRED_DOCUMENT_KINDS)[number];

/** Why a required document does not count yet. */
export const MISSING_DOCUMENT_STATES = ['not-uploaded', 'pending', 'rejected'] as const;
export type MissingDocumentState = (typeof MISSING_DOCUMENT_STATES)[number];

export const MissingDocumentSchema = z.object({
  kind: z.enum(REQUIRED_DOCUMENT_KINDS),
  state: z.enum(MISSING_DOCUMENT_STATES),
});
export type MissingDocument = z.infer<typeof MissingDocumentSchema>;

/**
 * GET /api/documents/limits: what the client may do before proof of ID and of residence are
 * approved. Deposit requests (pending or completed, whoever recorded them) count towards the
 * limit; withdrawals, and a Live trading account once trading exists, wait for both documents.
 */
export const VerificationLimitsSchema = z.object({
  /** Proof of ID and of residence that are not approved yet; empty once verified. */
  missing: z.array(MissingDocumentSchema),
  withdrawalsAllowed: z.boolean(),
  /** The operator's DEPOSITS_BEFORE_DOCUMENTS_USD, in cents. */
  depositLimitMinor: z.number().int(),
  /** Deposits so far that count towards it (pending or completed). */
  depositedMinor: z.number().int(),
  /** What may still be requested before the documents are approved; null: no limit any more. */
  depositRemainingMinor: z.number().int().nullable(),
});
export type VerificationLimits = z.infer<typeof VerificationLimitsSchema>;

const MISSING_STATE_TEXT: Record<MissingDocumentState, string> = {
  'not-uploaded': 'not uploaded yet',
  pending: 'waiting for our review',
  rejected: 'rejected: please upload a new one',
};

/** "proof of ID (not uploaded yet) and proof of residence (waiting for our review)". */
export function missingDocumentsText(missing: readonly MissingDocument[]): string {
  const parts = missing.map(
    ({ kind, state }) =>
      `${DOCUMENT_KIND_LABELS[kind].replace(/^Proof/, 'proof')} (${MISSING_STATE_TEXT[state]})`,
  );
  return parts.length <= 1
    ? (parts[0] ?? '')
    : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** What waits for proof of ID and of residence: a client's withdrawal, a Live trading account. */
export const IDENTITY_GATED_ACTIONS = ['withdrawal', 'live-account'] as const;
export type IdentityGatedAction = (typeof IDENTITY_GATED_ACTIONS)[number];

const GATED_ACTION_TEXT: Record<IdentityGatedAction, string> = {
  withdrawal:
    'Withdrawals need your proof of ID and proof of residence approved first, so that money only ever goes back to you.',
  'live-account':
    'A Live trading account needs your proof of ID and proof of residence approved first.',
};

/** The 403 DOCUMENTS_REQUIRED message, and the notice the form shows before anyone fills it. */
export function documentsRequiredMessage(
  action: IdentityGatedAction,
  missing: readonly MissingDocument[],
): string {
  return `${GATED_ACTION_TEXT[action]} Still needed: ${missingDocumentsText(missing)}.`;
}

/**
 * The refusal of a deposit request that would pass the limit, and the notice the deposit form
 * shows before it.
 */
export function depositLimitMessage({
  depositLimitMinor,
  depositRemainingMinor,
  missing,
}: Pick<VerificationLimits, 'depositLimitMinor' | 'depositRemainingMinor' | 'missing'>): string {
  const still = `Still needed: ${missingDocumentsText(missing)}.`;
  if (depositLimitMinor === 0) {
    return `Deposits open once your proof of ID and proof of residence are approved. ${still}`;
  }
  const remaining = depositRemainingMinor ?? 0;
  const room =
    remaining > 0
      ? `you can request up to ${formatCents(remaining)} more`
      : 'you have reached that limit';
  return (
    'Until your proof of ID and proof of residence are approved, deposits are limited to ' +
    `${formatCents(depositLimitMinor)} in total: ${room}. ${still}`
  );
}
