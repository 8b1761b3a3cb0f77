import { Secret, TOTP, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  generateRecoveryCodes,
  generateTotpSecret,
  hashRecoveryCode,
  isRecoveryCodeShape,
  matchTotpStep,
  totpStepAt,
  totpUri,
} from './totp.js';

// RFC 6238 appendix B: the SHA-1 test key "12345678901234567890" at T = 59 s gives 94287082 (8
// digits); its last 6 digits, 287082, are the 6-digit code.
const RFC_SECRET = Secret.fromLatin1('12345678901234567890').base32;

function codeAt(secret: string, at: Date): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });
}

describe('matchTotpStep', () => {
  it('matches the RFC 6238 test vector at its time step', () => {
    const at = new Date(59_000);
    expect(matchTotpStep({ secret: RFC_SECRET, code: '287082', at })).toBe(1);
  });

  it('accepts the codes of one step before and after, and returns their step', () => {
    const secret = generateTotpSecret();
    const at = new Date('2030-01-01T00:00:10Z');
    const step = totpStepAt(at);
    for (const delta of [-1, 0, 1]) {
      const code = codeAt(secret, new Date(at.getTime() + delta * 30_000));
      expect(matchTotpStep({ secret, code, at })).toBe(step + delta);
    }
  });

  it('refuses codes two steps away, from another secret, or not six digits', () => {
    const secret = generateTotpSecret();
    const at = new Date('2030-01-01T00:00:10Z');
    for (const delta of [-2, 2]) {
      const code = codeAt(secret, new Date(at.getTime() + delta * 30_000));
      expect(matchTotpStep({ secret, code, at })).toBeNull();
    }
    expect(matchTotpStep({ secret, code: codeAt(generateTotpSecret(), at), at })).toBeNull();
    expect(matchTotpStep({ secret, code: '12345', at })).toBeNull();
    expect(matchTotpStep({ secret, code: 'abcdef', at })).toBeNull();
  });
});

describe('secrets and URIs', () => {
  it('generates a fresh 160-bit base32 secret each time', () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(Secret.fromBase32(secret).bytes).toHaveLength(20);
    expect(generateTotpSecret()).not.toBe(secret);
  });

  it('builds an otpauth URI an authenticator app reads back (SHA1, 6 digits, 30 s)', () => {
    const secret = generateTotpSecret();
    const uri = totpUri({ secret, label: 'alice' });
    expect(uri.startsWith('otpauth://totp/BrokerDesk:alice?')).toBe(true);
    const parsed = URI.parse(uri);
    expect(parsed).toBeInstanceOf(TOTP);
    expect(parsed).toMatchObject({
      issuer: 'BrokerDesk',
      label: 'alice',
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
    });
    expect(parsed.secret.base32).toBe(secret);
  });
});

describe('recovery codes', () => {
  it('generates 10 distinct codes XXXXX-XXXXX from an alphabet without 0, O, 1, I, L or U', () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[2-9A-HJKMNP-TV-Z]{5}-[2-9A-HJKMNP-TV-Z]{5}$/);
      expect(isRecoveryCodeShape(code)).toBe(true);
    }
  });

  it('hashes case-insensitively and without surrounding spaces', () => {
    expect(hashRecoveryCode(' abcde-fghjk ')).toBe(hashRecoveryCode('ABCDE-FGHJK'));
    expect(hashRecoveryCode('ABCDE-FGHJK')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode('ABCDE-FGHJK')).not.toBe(hashRecoveryCode('ABCDE-FGHJM'));
  });

  it('tells a recovery code from a 6-digit code', () => {
    expect(isRecoveryCodeShape('123456')).toBe(false);
    expect(isRecoveryCodeShape('ab3de-fg5jk')).toBe(true);
  });
});
