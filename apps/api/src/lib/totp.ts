// Staff two-factor authentication: RFC 6238 TOTP through the `otpauth` library (SHA-1, 6 digits,
// 30-second steps, what every authenticator app supports) and one-time recovery codes.
// Pure functions of their inputs (the time is passed in), so tests can move the clock.
import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

export const TOTP_ISSUER = 'BrokerDesk';
export const TOTP_PERIOD_SECONDS = 30;
/** Codes from one step before or after the current one are accepted (clock drift). */
export const TOTP_WINDOW = 1;
/** 160 bits, the size RFC 4226 recommends for HMAC-SHA-1. */
export const TOTP_SECRET_BYTES = 20;

export const RECOVERY_CODE_COUNT = 10;
/** No 0/O, 1/I/L or U: a code read off paper cannot be mistyped into another valid one. */
const RECOVERY_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
const RECOVERY_CODE_SHAPE = /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/;

function totpFor(secret: string, label = 'staff', issuer = TOTP_ISSUER): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new random secret, base32 (what authenticator apps take when typed by hand). */
export function generateTotpSecret(): string {
  return new Secret({ size: TOTP_SECRET_BYTES }).base32;
}

/** The otpauth:// URI a QR code carries: `otpauth://totp/BrokerDesk:alice?secret=…`. */
export function totpUri({
  secret,
  label,
  issuer = TOTP_ISSUER,
}: {
  secret: string;
  label: string;
  issuer?: string;
}): string {
  return totpFor(secret, label, issuer).toString();
}

/** The time step (30-second period number) a moment falls in. */
export function totpStepAt(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The time step whose code `code` is, when it matches within ±TOTP_WINDOW steps of `at`; null
 * otherwise. The caller refuses a step not later than the last one accepted (replay).
 */
export function matchTotpStep({
  secret,
  code,
  at,
}: {
  secret: string;
  code: string;
  at: Date;
}): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secret).validate({
    token: code,
    timestamp: at.getTime(),
    window: TOTP_WINDOW,
  });
  return delta === null ? null : totpStepAt(at) + delta;
}

/** Ten codes like `7KQ2M-XH9PA`, each from a cryptographically random draw. */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    let raw = '';
    for (let i = 0; i < 10; i += 1) raw += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    codes.add(`${raw.slice(0, 5)}-${raw.slice(5)}`);
  }
  return [...codes];
}

export function isRecoveryCodeShape(value: string): boolean {
  return RECOVERY_CODE_SHAPE.test(value);
}

/**
 * What the database stores: SHA-256 of the upper-cased code (codes are random, so a salt or a
 * slow hash adds nothing an attacker holding the table lacks — it also holds the TOTP secret).
 */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.trim().toUpperCase(), 'utf8').digest('hex');
}
