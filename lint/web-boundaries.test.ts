import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The real configuration on code placed in the real tree: each kind of forbidden import must be
// reported by the boundary rule, so a zone that stops matching (a moved folder, an import the
// resolver no longer resolves) fails here instead of silently letting imports through.
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });
const RULE = 'import-x/no-restricted-paths';
const FEATURES = 'apps/web/src/features';

async function boundaryMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

/** A file of the feature other than its index (extensionless, as the web imports it). */
function internalFileOf(feature: string): string {
  const files = readdirSync(`${repoRoot}${FEATURES}/${feature}`, { recursive: true })
    .map(String)
    .filter((file) => /\.tsx?$/.test(file) && file !== 'index.ts' && !file.endsWith('.test.tsx'))
    .sort();
  return files[0]!.replace(/\.tsx?$/, '');
}

describe('web boundaries', () => {
  it("reports a feature importing another feature's internals", async () => {
    const messages = await boundaryMessages(
      `${FEATURES}/referral/components/x.tsx`,
      "import { DashboardOverview } from '../../dashboard/components/dashboard-overview';\nexport const x = DashboardOverview;\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('features/dashboard is entered through its index.ts');
  });

  it("reports app/ importing a feature's internals", async () => {
    const messages = await boundaryMessages(
      'apps/web/src/app/routes/x.tsx',
      "import { DepositWithdrawal } from '../../features/money/components/deposit-withdrawal';\nexport const x = DepositWithdrawal;\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('features/money is entered through its index.ts');
  });

  it.each(readdirSync(`${repoRoot}${FEATURES}`))(
    'walls in features/%s: its internals are refused from outside it',
    async (feature) => {
      const messages = await boundaryMessages(
        'apps/web/src/app/routes/x.tsx',
        `import * as internal from '../../features/${feature}/${internalFileOf(feature)}';\nexport const x = internal;\n`,
      );
      expect(messages).toHaveLength(1);
    },
  );

  it('reports a feature importing app/', async () => {
    const messages = await boundaryMessages(
      `${FEATURES}/legal/x.test.tsx`,
      "import About from '../../app/routes/public/about';\nexport const x = About;\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('Features never import app/');
  });

  it('reports shared code importing a feature, even through its index', async () => {
    const messages = await boundaryMessages(
      'apps/web/src/lib/x.ts',
      "import { BalanceChart } from '../features/money';\nexport const x = BalanceChart;\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('Shared code');
  });

  it('reports shared code importing app/', async () => {
    const messages = await boundaryMessages(
      'apps/web/src/testing/x.tsx',
      "import QueryLayout from '../app/layouts/query-layout';\nexport const x = QueryLayout;\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('Shared code');
  });

  it("allows a feature and app/ to import a feature through its index, and a feature's own files", async () => {
    expect(
      await boundaryMessages(
        `${FEATURES}/dashboard/components/x.tsx`,
        "import { BalanceChart } from '../../money';\nimport { DashboardOverview } from './dashboard-overview';\nexport const x = [BalanceChart, DashboardOverview];\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryMessages(
        'apps/web/src/app/routes/x.tsx',
        "import { DepositWithdrawal } from '../../features/money';\nimport { paths } from '../../config/paths';\nexport const x = [DepositWithdrawal, paths];\n",
      ),
    ).toEqual([]);
  });
});
