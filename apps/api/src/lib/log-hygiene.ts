// What a log line must never hold, and what every line must have. The log check of `npm test`
// (src/scripts/log-check.ts) runs these rules over the logs of the whole run: every API test
// app, every server the benchmarks, stress tests and browser journeys started.

export interface LogFinding {
  /** Where: "file:line". */
  where: string;
  rule: string;
  /** The offending part, shortened so the report itself leaks little. */
  excerpt: string;
}

export interface LogCheckOptions {
  /** Exact values that must not appear anywhere (the run's known passwords). */
  knownSecrets?: readonly string[];
}

export interface LogCheckTotals {
  lines: number;
  requestLines: number;
  findings: LogFinding[];
}

// Our bearer and link tokens: 32 random bytes in base64url (lib/tokens.ts), 43 characters. Mixed
// case is required so that lower-case ids of the same length ("client-<uuid>") do not count.
const TOKEN_SHAPE =
  /(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*[A-Z])(?=[A-Za-z0-9_-]*[a-z])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/;
// A token in a link or query string: e-mail links carry theirs after `#token=` (never sent to
// the server, so never logged by it); anything that logs a built link would show it here.
const TOKEN_PARAMETER = /[?#&](?:token|code|secret)=[^&\s"]{8,}/i;
// scheme://user:password@host, e.g. a DATABASE_URL or SMTP_URL with its password.
const URL_PASSWORD = /[a-z][a-z0-9+.-]*:\/\/[^\s/:@"]+:[^\s/@"]+@/i;
const OTPAUTH = /otpauth:\/\//i;
// Keys whose value is a secret by name; pino's redaction leaves "[redacted]" in their place.
const SECRET_KEY =
  /^(?:password|newpassword|currentpassword|confirmpassword|token|authorization|cookie|user-token|x-auth-token|secret|totpsecret)$/i;
const REDACTED = '[redacted]';

function shorten(text: string): string {
  return text.length <= 12 ? `${text.slice(0, 3)}…` : `${text.slice(0, 6)}…(${text.length} chars)`;
}

function secretValuedKeys(value: unknown, path: string, found: string[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => secretValuedKeys(item, `${path}[${index}]`, found));
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [key, inner] of Object.entries(value)) {
    const where = path ? `${path}.${key}` : key;
    if (SECRET_KEY.test(key) && inner !== REDACTED && inner !== null && inner !== undefined) {
      found.push(where);
    } else {
      secretValuedKeys(inner, where, found);
    }
  }
}

/** The findings of one log line (an empty array when it is clean). */
export function checkLogLine(
  line: string,
  where: string,
  options: LogCheckOptions = {},
): { findings: LogFinding[]; isRequestLine: boolean } {
  const findings: LogFinding[] = [];
  const add = (rule: string, excerpt: string) => findings.push({ where, rule, excerpt });

  let entry: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(line);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      entry = parsed as Record<string, unknown>;
  } catch {
    entry = null;
  }
  if (!entry) add('not a structured (JSON) log line', shorten(line));

  const isRequestLine = entry !== null && ('req' in entry || 'res' in entry);
  if (isRequestLine && typeof entry?.reqId !== 'string')
    add('a request log line without its request id', shorten(line));

  const token = TOKEN_SHAPE.exec(line);
  if (token) add('a token-shaped value (43 characters of base64url)', shorten(token[0]));
  const parameter = TOKEN_PARAMETER.exec(line);
  if (parameter) add('a token in a link or query string', shorten(parameter[0]));
  const urlPassword = URL_PASSWORD.exec(line);
  if (urlPassword) add('a URL with a password in it', shorten(urlPassword[0]));
  if (OTPAUTH.test(line)) add('a TOTP enrolment URI', 'otpauth://…');
  for (const secret of options.knownSecrets ?? []) {
    if (secret && line.includes(secret)) add('a known password of this run', shorten(secret));
  }
  if (entry) {
    const keys: string[] = [];
    secretValuedKeys(entry, '', keys);
    for (const key of keys) add('a secret-named field that was not redacted', key);
  }
  return { findings, isRequestLine };
}

/** Checks every line of one log file's text. */
export function checkLogText(
  text: string,
  file: string,
  options: LogCheckOptions = {},
  totals: LogCheckTotals = { lines: 0, requestLines: 0, findings: [] },
): LogCheckTotals {
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    totals.lines += 1;
    const result = checkLogLine(line, `${file}:${index + 1}`, options);
    if (result.isRequestLine) totals.requestLines += 1;
    totals.findings.push(...result.findings);
  });
  return totals;
}
