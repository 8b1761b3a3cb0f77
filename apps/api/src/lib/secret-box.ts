// Secrets the server must read back (staff TOTP secrets) are stored sealed with AES-256-GCM under
// a key from the environment or DATA_DIR (app/totp-keys.ts), so a copy of the database alone
// yields no second factor (docs/decisions/111-staff-invitations-and-lockout.md).
// A sealed value is `enc:v1:<key id>:<iv>:<ciphertext>:<tag>` (base64url parts); the key id is a
// fingerprint of the key, so a value says which key opens it and a rotation can tell old from new.
// The context (e.g. the staff member's id) is authenticated data: a sealed value copied into
// another row does not open there.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export const SECRET_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const PREFIX = 'enc:v1:';

export interface SecretKeys {
  /** Seals every new value; opens values it sealed. */
  current: Buffer;
  /** The key before a rotation: opens old values until they are sealed again with `current`. */
  previous?: Buffer | undefined;
}

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

/** 8 hex characters naming a key; says nothing usable about the key itself. */
export function keyId(key: Buffer): string {
  return createHash('sha256')
    .update('brokerdesk secret-box key id\0')
    .update(key)
    .digest('hex')
    .slice(0, 8);
}

export function isSealed(value: string): boolean {
  return value.startsWith(PREFIX);
}

export function makeSecretBox({ current, previous }: SecretKeys) {
  for (const key of [current, previous]) {
    if (key && key.length !== SECRET_KEY_BYTES) {
      throw new SecretBoxError(`a secret key must be ${SECRET_KEY_BYTES} bytes`);
    }
  }
  const currentId = keyId(current);
  const keys = new Map<string, Buffer>([[currentId, current]]);
  if (previous) keys.set(keyId(previous), previous);

  function seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', current, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return `${PREFIX}${currentId}:${[iv, body, tag].map((part) => part.toString('base64url')).join(':')}`;
  }

  /**
   * The plain value. A value stored before sealing existed (no prefix) is returned as it is;
   * one sealed under a key this box does not hold, or altered, throws SecretBoxError.
   */
  function open(value: string, context: string): string {
    if (!isSealed(value)) return value;
    const [id, iv, body, tag, ...rest] = value.slice(PREFIX.length).split(':');
    const key = id === undefined ? undefined : keys.get(id);
    if (!key) {
      throw new SecretBoxError(
        `a secret is sealed with key ${id ?? '?'}, which is neither TOTP_ENCRYPTION_KEY nor TOTP_ENCRYPTION_KEY_PREVIOUS`,
      );
    }
    if (iv === undefined || body === undefined || tag === undefined || rest.length > 0) {
      throw new SecretBoxError('a sealed secret is malformed');
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new SecretBoxError('a sealed secret does not open (altered, or moved to another row)');
    }
  }

  /** True for a plain value and for one sealed under the previous key: seal it again. */
  function needsSealing(value: string): boolean {
    return !value.startsWith(`${PREFIX}${currentId}:`);
  }

  return { seal, open, needsSealing, currentKeyId: currentId };
}

export type SecretBox = ReturnType<typeof makeSecretBox>;
