import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The real configuration on code placed in the real tree: each kind of forbidden import must be
// reported by its rule, so a zone that stops matching (a moved folder, an import the resolver no
// longer resolves) fails here instead of silently letting imports through.
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });
const PATHS = 'import-x/no-restricted-paths';
const IMPORTS = 'no-restricted-imports';
const SRC = 'apps/api/src';
const MODULES = `${SRC}/modules`;

async function boundaryMessages(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((m) => m.ruleId === PATHS || m.ruleId === IMPORTS)
    .map((m) => ({ ruleId: m.ruleId, message: m.message }));
}

/** A source file of the module other than its index (as the API imports it, with .js). */
function internalFileOf(module: string): string {
  const files = readdirSync(`${repoRoot}${MODULES}/${module}`)
    .filter((file) => file.endsWith('.ts') && file !== 'index.ts' && !file.endsWith('.test.ts'))
    .sort();
  return files[0]!.replace(/\.ts$/, '.js');
}

describe('API boundaries: a module is entered through its index.ts', () => {
  it("reports a module importing another module's repo", async () => {
    const messages = await boundaryMessages(
      `${MODULES}/clients/x.ts`,
      "import { findClientCashAccount } from '../ledger/ledger.repo.js';\nexport const x = findClientCashAccount;\n",
    );
    expect(messages).toEqual([
      {
        ruleId: PATHS,
        message: expect.stringContaining('Import modules/ledger through its index.ts'),
      },
    ]);
  });

  it("reports a type-only import of another module's service", async () => {
    const messages = await boundaryMessages(
      `${MODULES}/support/x.ts`,
      "import type { MailService } from '../mail/mail.service.js';\nexport type X = MailService;\n",
    );
    expect(messages).toEqual([
      {
        ruleId: PATHS,
        message: expect.stringContaining('Import modules/mail through its index.ts'),
      },
    ]);
  });

  it("reports a test importing another module's internals", async () => {
    const messages = await boundaryMessages(
      `${MODULES}/money/x.test.ts`,
      "import { checkLedger } from '../ledger/ledger.check.js';\nexport const x = checkLedger;\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]!.ruleId).toBe(PATHS);
  });

  it.each([
    ['app.ts', `${SRC}/x.ts`, './modules/ledger/ledger.service.js'],
    ['app/', `${SRC}/app/x.ts`, '../modules/ledger/ledger.service.js'],
    ['plugins/', `${SRC}/plugins/x.ts`, '../modules/audit/audit.repo.js'],
    ['scripts/', `${SRC}/scripts/x.ts`, '../modules/ledger/ledger.check.js'],
    ['db/', `${SRC}/db/x.test.ts`, '../modules/ledger/ledger.check.js'],
    ['lib/', `${SRC}/lib/x.ts`, '../modules/mail/mail.service.js'],
  ])('reports %s reaching into a module', async (_where, filePath, specifier) => {
    const messages = await boundaryMessages(
      filePath,
      `import * as internal from '${specifier}';\nexport const x = internal;\n`,
    );
    expect(messages).toEqual([
      { ruleId: PATHS, message: expect.stringContaining('through its index.ts') },
    ]);
  });

  it.each(readdirSync(`${repoRoot}${MODULES}`))(
    'walls in modules/%s: its internals are refused from outside it',
    async (module) => {
      const messages = await boundaryMessages(
        `${SRC}/app/x.ts`,
        `import * as internal from '../modules/${module}/${internalFileOf(module)}';\nexport const x = internal;\n`,
      );
      expect(messages).toHaveLength(1);
      expect(messages[0]!.message).toContain(`Import modules/${module} through its index.ts`);
    },
  );
});

describe('API boundaries: route files talk HTTP only', () => {
  it("reports a route file importing its own module's repo", async () => {
    const messages = await boundaryMessages(
      `${MODULES}/support/x.routes.ts`,
      "import { findClientTickets } from './support.repo.js';\nexport const x = findClientTickets;\n",
    );
    expect(messages).toEqual([
      { ruleId: PATHS, message: expect.stringContaining('Route files talk HTTP only') },
    ]);
  });

  it('reports a route file importing drizzle-orm', async () => {
    const messages = await boundaryMessages(
      `${MODULES}/health/x.routes.ts`,
      "import { sql } from 'drizzle-orm';\nexport const x = sql;\n",
    );
    expect(messages).toEqual([
      { ruleId: IMPORTS, message: expect.stringContaining('Route files talk HTTP only') },
    ]);
  });

  it('reports a route file importing from drizzle-orm/pg-core', async () => {
    const messages = await boundaryMessages(
      `${MODULES}/health/x.routes.ts`,
      "import { alias } from 'drizzle-orm/pg-core';\nexport const x = alias;\n",
    );
    expect(messages).toEqual([
      { ruleId: IMPORTS, message: expect.stringContaining('Route files talk HTTP only') },
    ]);
  });

  it.each([['../../db/client.js'], ['../../db/schema.js']])(
    'reports a route file importing %s',
    async (specifier) => {
      const messages = await boundaryMessages(
        `${MODULES}/audit/x.routes.ts`,
        `import type * as db from '${specifier}';\nexport type X = typeof db;\n`,
      );
      expect(messages).toEqual([
        { ruleId: PATHS, message: expect.stringContaining('Route files talk HTTP only') },
      ]);
    },
  );
});

describe('API boundaries: what stays allowed', () => {
  it("allows another module's index, a module's own internals and a route's service", async () => {
    const cases: [string, string][] = [
      [
        `${MODULES}/clients/x.ts`,
        "import { makeLedgerService } from '../ledger/index.js';\nexport const x = makeLedgerService;\n",
      ],
      [
        `${MODULES}/ledger/x.ts`,
        "import { findClientCashAccount } from './ledger.repo.js';\nexport const x = findClientCashAccount;\n",
      ],
      [
        `${MODULES}/audit/x.routes.ts`,
        "import type { AuditService } from './audit.service.js';\nexport type X = AuditService;\n",
      ],
      [
        `${SRC}/test/x.ts`,
        "import { checkLedger } from '../modules/ledger/ledger.check.js';\nexport const x = checkLedger;\n",
      ],
    ];
    for (const [filePath, code] of cases) {
      expect(await boundaryMessages(filePath, code), filePath).toEqual([]);
    }
  });
});
