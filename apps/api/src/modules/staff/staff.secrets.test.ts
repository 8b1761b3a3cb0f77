// Issue 17, finding 4: staff TOTP secrets were stored in plain text, so a copy of the database
// was enough to generate every member's codes. They are sealed with AES-256-GCM under
// TOTP_ENCRYPTION_KEY (or DATA_DIR/totp-encryption-key); secrets stored before are sealed at
// start, and a rotation (new key + TOTP_ENCRYPTION_KEY_PREVIOUS) seals them again at start.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from '../../db/schema.js';
import type { Database } from '../../db/client.js';
import { makePasswordHasher } from '../../lib/passwords.js';
import { keyId } from '../../lib/secret-box.js';
import { STEP_MS, codeAt, manualClock, staffLogin } from '../../test/staff-fixtures.js';
import {
  TEST_ADMIN_PASSWORD,
  TEST_PASSWORD_PARAMS,
  createTestApp,
  createTestDatabase,
} from '../../test/test-app.js';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const clock = manualClock();
let database: Database;
let memberId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
  // A member enrolled before secrets were sealed: the secret as it used to be stored.
  const passwordHash =
    await makePasswordHasher(TEST_PASSWORD_PARAMS).hashPassword(TEST_ADMIN_PASSWORD);
  const [row] = await database.db
    .insert(staff)
    .values({ username: 'veteran', passwordHash, role: 'operations', totpSecret: SECRET })
    .returning({ id: staff.id });
  if (!row) throw new Error('no member');
  memberId = row.id;
});
afterAll(async () => {
  await database?.close();
});

const base64 = (key: Buffer) => key.toString('base64');

async function storedSecret(): Promise<string | null> {
  const [row] = await database.db
    .select({ totpSecret: staff.totpSecret })
    .from(staff)
    .where(eq(staff.id, memberId));
  return row?.totpSecret ?? null;
}

/** Starts the app on the shared database with these keys, signs the member in, closes it. */
async function startAndSignIn(
  env: Record<string, string>,
): Promise<{ status: number; log: string }> {
  const lines: string[] = [];
  const t = await createTestApp({
    clock,
    reuseDatabase: database,
    env: { STAFF_2FA: 'optional', LOG_LEVEL: 'info', ...env },
    logStream: { write: (line) => void lines.push(line) },
  });
  try {
    clock.advance(STEP_MS);
    const response = await staffLogin(t, 'veteran', codeAt(SECRET, clock.now()));
    return { status: response.statusCode, log: lines.join('\n') };
  } finally {
    await t.close();
  }
}

describe('TOTP secrets at rest', () => {
  const first = randomBytes(32);
  const second = randomBytes(32);

  it('seals a plain-text secret at start; the row holds no plain secret and sign-in still works', async () => {
    expect(await storedSecret()).toBe(SECRET);
    const { status, log } = await startAndSignIn({ TOTP_ENCRYPTION_KEY: base64(first) });
    expect(status).toBe(200);
    const stored = await storedSecret();
    expect(stored).toMatch(new RegExp(`^enc:v1:${keyId(first)}:`));
    expect(stored).not.toContain(SECRET);
    expect(log).toContain('Sealed the TOTP secrets of 1 staff members');
    expect(log).not.toContain(SECRET);
    expect(log).not.toContain(base64(first));
  });

  it('a later start with the same key changes nothing', async () => {
    const before = await storedSecret();
    const { status, log } = await startAndSignIn({ TOTP_ENCRYPTION_KEY: base64(first) });
    expect(status).toBe(200);
    expect(await storedSecret()).toBe(before);
    expect(log).not.toContain('Sealed the TOTP secrets');
  });

  it('rotates: a new key with the old one as TOTP_ENCRYPTION_KEY_PREVIOUS seals again at start', async () => {
    const { status } = await startAndSignIn({
      TOTP_ENCRYPTION_KEY: base64(second),
      TOTP_ENCRYPTION_KEY_PREVIOUS: base64(first),
    });
    expect(status).toBe(200);
    expect(await storedSecret()).toMatch(new RegExp(`^enc:v1:${keyId(second)}:`));
    // Once every instance has started, the old key can go.
    expect((await startAndSignIn({ TOTP_ENCRYPTION_KEY: base64(second) })).status).toBe(200);
  });

  it('refuses to start with a key that opens no stored secret, saying what to set', async () => {
    const stranger = randomBytes(32);
    await expect(startAndSignIn({ TOTP_ENCRYPTION_KEY: base64(stranger) })).rejects.toThrow(
      /neither TOTP_ENCRYPTION_KEY nor TOTP_ENCRYPTION_KEY_PREVIOUS.*Set TOTP_ENCRYPTION_KEY_PREVIOUS/,
    );
    expect(await storedSecret()).toMatch(new RegExp(`^enc:v1:${keyId(second)}:`));
  });
});
