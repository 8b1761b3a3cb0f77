// Recognising PostgreSQL errors. Drizzle wraps driver errors (DrizzleQueryError with `cause`),
// and pg and PGlite both expose the SQLSTATE as `code`, so we walk the cause chain.
interface PgErrorLike {
  code: string;
  constraint?: string;
}

function findPgError(error: unknown): PgErrorLike | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
    current = candidate.cause;
  }
  return null;
}

/** 23505 on the named unique constraint or index. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pgError = findPgError(error);
  return pgError?.code === '23505' && pgError.constraint === constraint;
}

const SOCKET_FAILURES = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'EPIPE'];

// node-postgres raises these without a code: no free connection in time, no reply in time, the
// server went away mid-query.
const POOL_FAILURES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
];

/**
 * The database is slow or gone rather than the request being wrong: statement timeout (57014),
 * connection failures (class 08), too many connections (53300), shutting down (57P01-57P03).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pgError = findPgError(error);
  if (pgError)
    return (
      ['57014', '53300', '57P01', '57P02', '57P03'].includes(pgError.code) ||
      pgError.code.startsWith('08')
    );
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && SOCKET_FAILURES.includes(code)) return true;
    if (typeof message === 'string' && POOL_FAILURES.some((text) => message.includes(text)))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * PostgreSQL gave up on the transaction for a reason a retry can cure: a deadlock (40P01) or a
 * serialisation failure (40001). Nothing of it was committed.
 */
export function isRetryableTransactionFailure(error: unknown): boolean {
  const code = findPgError(error)?.code;
  return code === '40P01' || code === '40001';
}
