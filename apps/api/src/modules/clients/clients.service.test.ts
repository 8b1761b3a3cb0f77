import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { systemClock } from '../../lib/clock.js';
import { makePasswordHasher } from '../../lib/passwords.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import { TEST_PASSWORD_PARAMS, createTestDatabase, registrationBody } from '../../test/test-app.js';
import { makeLedgerService } from '../ledger/index.js';
import { makeMailService } from '../mail/index.js';
import { makeSessionService } from '../sessions/index.js';
import { makeClientService } from './clients.service.js';
import { RegisterBodySchema } from '@brokerdesk/shared';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** The real hasher, counting what the service asks of it. */
function countingHasher() {
  const real = makePasswordHasher(TEST_PASSWORD_PARAMS);
  const calls = { verify: 0, dummy: 0 };
  const hasher: PasswordHasher = {
    hashPassword: real.hashPassword,
    verifyPassword: async (hash, password) => {
      calls.verify += 1;
      return real.verifyPassword(hash, password);
    },
    verifyDummy: async (password) => {
      calls.dummy += 1;
      return real.verifyDummy(password);
    },
  };
  return { hasher, calls };
}

describe('loginClient', () => {
  it('spends one password verification whether or not the e-mail exists', async () => {
    const { hasher, calls } = countingHasher();
    const sessions = makeSessionService({ db: database.db, clock: systemClock });
    const ledger = makeLedgerService({ db: database.db, clock: systemClock });
    const service = makeClientService({
      db: database.db,
      clock: systemClock,
      passwords: hasher,
      sessions,
      ledger,
      mail: makeMailService({
        brand: { companyName: 'Test', publicUrl: 'http://localhost' },
        clock: systemClock,
        wakeWorker: () => undefined,
      }),
      // This test counts password work only; registration's mail has its own tests.
      issueVerification: async () => undefined,
    });
    const body = RegisterBodySchema.parse(registrationBody());
    await service.registerClient({ body });

    await expect(
      service.loginClient({ email: body.email, password: 'wrong-one' }),
    ).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    expect(calls).toEqual({ verify: 1, dummy: 0 });

    await expect(
      service.loginClient({ email: 'unknown@example.com', password: 'wrong-one' }),
    ).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
    expect(calls).toEqual({ verify: 1, dummy: 1 });
  });
});
