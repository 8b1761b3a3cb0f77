import { createHash, randomBytes } from 'node:crypto';

/** A new bearer token: 32 random bytes, base64url (43 characters). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores instead of the token: a leaked table yields no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
