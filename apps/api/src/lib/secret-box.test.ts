import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBoxError, isSealed, keyId, makeSecretBox } from './secret-box.js';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('secret box (AES-256-GCM)', () => {
  it('seals to a value that holds neither the secret nor the key, and opens it again', () => {
    const key = randomBytes(32);
    const box = makeSecretBox({ current: key });
    const sealed = box.seal(SECRET, 'staff-1');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).toMatch(/^enc:v1:[0-9a-f]{8}:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(SECRET);
    expect(sealed).not.toContain(key.toString('base64'));
    expect(box.seal(SECRET, 'staff-1')).not.toBe(sealed); // a fresh IV each time
    expect(box.open(sealed, 'staff-1')).toBe(SECRET);
    expect(box.needsSealing(sealed)).toBe(false);
  });

  it('refuses a value moved to another row, altered, or sealed with an unknown key', () => {
    const box = makeSecretBox({ current: randomBytes(32) });
    const sealed = box.seal(SECRET, 'staff-1');
    expect(() => box.open(sealed, 'staff-2')).toThrow(SecretBoxError);
    const parts = sealed.split(':');
    parts[4] = Buffer.from('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').toString('base64url');
    expect(() => box.open(parts.join(':'), 'staff-1')).toThrow(SecretBoxError);
    const stranger = makeSecretBox({ current: randomBytes(32) });
    expect(() => stranger.open(sealed, 'staff-1')).toThrow(/neither TOTP_ENCRYPTION_KEY/);
  });

  it('opens values of the previous key and says they need sealing again; plain values pass', () => {
    const old = randomBytes(32);
    const sealedOld = makeSecretBox({ current: old }).seal(SECRET, 'staff-1');
    const rotated = makeSecretBox({ current: randomBytes(32), previous: old });
    expect(rotated.open(sealedOld, 'staff-1')).toBe(SECRET);
    expect(rotated.needsSealing(sealedOld)).toBe(true);
    expect(rotated.open(SECRET, 'staff-1')).toBe(SECRET);
    expect(rotated.needsSealing(SECRET)).toBe(true);
    expect(keyId(old)).toMatch(/^[0-9a-f]{8}$/);
  });

  it('takes only 32-byte keys', () => {
    expect(() => makeSecretBox({ current: randomBytes(16) })).toThrow(/32 bytes/);
  });
});
