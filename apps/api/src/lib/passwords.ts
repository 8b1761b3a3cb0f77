// Password hashing with argon2id (@node-rs/argon2 defaults to argon2id, version 0x13).
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

export interface PasswordParams {
  /** KiB of memory per hash. */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): about 20-40 ms per hash here. */
export const DEFAULT_PASSWORD_PARAMS: PasswordParams = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export interface PasswordHasher {
  hashPassword(password: string): Promise<string>;
  verifyPassword(passwordHash: string, password: string): Promise<boolean>;
  /**
   * Spends the time of one verification without an account, so a wrong e-mail and a wrong
   * password take the same time and do not reveal which e-mails are registered.
   */
  verifyDummy(password: string): Promise<void>;
}

export function makePasswordHasher(
  params: PasswordParams = DEFAULT_PASSWORD_PARAMS,
): PasswordHasher {
  const hashPassword = (password: string) => hash(password, { ...params });
  // Computed up front, so even the first unknown-e-mail login costs one verification, not two.
  const dummyHash = hashPassword(randomBytes(16).toString('hex'));
  dummyHash.catch(() => undefined); // a failure surfaces when awaited, not as an unhandled rejection
  const verifyPassword = async (passwordHash: string, password: string) => {
    try {
      return await verify(passwordHash, password);
    } catch {
      // A malformed stored hash never authenticates.
      return false;
    }
  };
  return {
    hashPassword,
    verifyPassword,
    async verifyDummy(password) {
      await verifyPassword(await dummyHash, password);
    },
  };
}

/** A random password for the first staff account: 24 bytes → 32 base64url characters. */
export function generatePassword(): string {
  return randomBytes(24).toString('base64url');
}
