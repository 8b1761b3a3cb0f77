// One list of error codes and the HTTP status each maps to. The API's error handler and the
// web's API client both read this table, so a code means the same thing on both sides.
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  /** A wrong username, password or second-factor code: one answer for all (decision 111). */
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  WRONG_TOKEN_KIND: 403,
  TOTP_ENROLMENT_REQUIRED: 403,
  EMAIL_NOT_VERIFIED: 403,
  /** Proof of ID and of residence must be approved first (decision 104). */
  DOCUMENTS_REQUIRED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  EMAIL_TAKEN: 409,
  CONFLICT: 409,
  INSUFFICIENT_FUNDS: 409,
  ALREADY_VERIFIED: 409,
  TOKEN_INVALID: 400,
  TOKEN_USED: 410,
  TOKEN_EXPIRED: 410,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  LOCKED_OUT: 429,
  // Trading (docs/product.md §11.11); user-facing wording in trading/messages.ts.
  ORDER_NOT_FOUND: 404,
  ALREADY_CLOSED: 409,
  UNKNOWN_INSTRUMENT: 400,
  TRADING_DISABLED: 403,
  MARKET_CLOSED: 409,
  INVALID_VOLUME: 400,
  INVALID_PRICE: 400,
  INVALID_STOPS: 400,
  INSUFFICIENT_MARGIN: 409,
  ACCOUNT_EXISTS: 409,
  RISK_DISCLOSURE_REQUIRED: 403,
  APPROPRIATENESS_REQUIRED: 403,
  RETAKE_TOO_SOON: 409,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The body of every error response. */
export interface ErrorBody {
  message: string;
  code?: ErrorCode;
  fields?: Record<string, string[]>;
}

/** An expected failure with a code; anything else thrown is an internal error. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: Record<string, string[]>;
  /** Sent as the retry-after header (a cooldown or a lock-out). */
  readonly retryAfterSeconds?: number;

  constructor(
    code: ErrorCode,
    message: string,
    fields?: Record<string, string[]>,
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.fields = fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}
