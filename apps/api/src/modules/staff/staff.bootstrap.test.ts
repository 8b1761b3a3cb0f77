import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { makeMemoryAttemptStore } from '../../lib/attempt-store.js';
import { makeLoginLockout } from '../../lib/login-lockout.js';
import { makePasswordHasher } from '../../lib/passwords.js';
import { makeSecretBox } from '../../lib/secret-box.js';
import { systemClock } from '../../lib/clock.js';
import { TEST_ADMIN_PASSWORD, TEST_PASSWORD_PARAMS, createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { makeMailService } from '../mail/index.js';
import { makeSessionService } from '../sessions/index.js';
import { INITIAL_PASSWORD_FILE, makeStaffService } from './staff.service.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

describe('first staff account', () => {
  it('without ADMIN_PASSWORD writes a random password to a 0600 file, logs the path but never the password or a token', async () => {
    const lines: string[] = [];
    t = await createTestApp({
      env: { ADMIN_PASSWORD: undefined, ADMIN_USERNAME: 'owner', LOG_LEVEL: 'trace' },
      logStream: { write: (line) => lines.push(line) },
    });
    const file = join(t.dataDir, INITIAL_PASSWORD_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = readFileSync(file, 'utf8').trim();
    expect(password.length).toBeGreaterThanOrEqual(24);

    const log = lines.join('\n');
    expect(log).toContain(`Initial staff password written to ${file}`);
    expect(log).not.toContain(password);

    const token = await t.staffLogin('owner', password);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/adminDashboard/adminDashboard',
      headers: { 'x-auth-token': token },
    });
    expect(profile.json()).toEqual({
      username: 'owner',
      role: 'owner',
      totpEnrolled: false,
      sessionScope: 'totp-enrolment',
    });
    expect(lines.join('\n')).toContain('/api/adminLogin/adminLogin'); // requests were logged…
    expect(lines.join('\n')).not.toContain(password); // …without the credentials
    expect(lines.join('\n')).not.toContain(token);
  });

  it('is created once: a later start changes neither the account nor its password', async () => {
    t = await createTestApp(); // ADMIN_PASSWORD set: no password file
    expect(existsSync(join(t.dataDir, INITIAL_PASSWORD_FILE))).toBe(false);
    const service = makeStaffService({
      db: t.database.db,
      clock: systemClock,
      passwords: makePasswordHasher(TEST_PASSWORD_PARAMS),
      sessions: makeSessionService({ db: t.database.db, clock: systemClock }),
      mail: makeMailService({
        brand: { companyName: 'BrokerDesk', publicUrl: 'http://localhost' },
        clock: systemClock,
        wakeWorker: () => undefined,
      }),
      staff2fa: 'required',
      lockout: makeLoginLockout({ store: makeMemoryAttemptStore(), clock: systemClock }),
      secrets: makeSecretBox({ current: randomBytes(32) }),
    });
    const again = await service.ensureFirstStaff({
      username: 'admin',
      password: 'a-different-password',
      dataDir: t.dataDir,
    });
    expect(again).toEqual({ created: false, passwordFile: null });
    await expect(t.staffLogin('admin', TEST_ADMIN_PASSWORD)).resolves.toMatch(
      /^[A-Za-z0-9_-]{43}$/,
    );
    const withNew = await t.app.inject({
      method: 'POST',
      url: '/api/adminLogin/adminLogin',
      payload: { username: 'admin', password: 'a-different-password' },
    });
    expect(withNew.statusCode).toBe(401);
  });
});
