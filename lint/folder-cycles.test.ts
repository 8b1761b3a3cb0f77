import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { folderCycles, importSpecifiers } from './folder-cycles.js';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..');
const RULE = 'local/no-folder-cycle';

describe('no-folder-cycle on a tree of its own', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'folder-cycles-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** A root with the given files on disk; returns a linter for it. */
  function tree(name: string, files: Record<string, string>) {
    const root = join(scratch, name);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    const linter = new Linter({ cwd: scratch });
    const config: Linter.Config[] = [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser as Linter.Parser },
        plugins: { local: folderCycles },
        rules: { [RULE]: ['error', { roots: [name] }] },
      },
    ];
    return (path: string, text: string) =>
      linter.verify(text, config, { filename: join(root, path) }).map((m) => m.message);
  }

  it('reports an import that closes a cycle, naming the folders', () => {
    const lint = tree('closes', {
      'b/index.ts': "export { c } from '../c/c.js';\n",
      'c/c.ts': "import { a } from '../a/a.js';\nexport const c = a;\n",
      'a/a.ts': 'export const a = 1;\n',
    });
    const messages = lint('a/new.ts', "import { c } from '../b/index.js';\nexport const x = c;\n");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('Folder cycle a → b → c → a');
  });

  it('counts type-only imports and imports of a folder (its index)', () => {
    const lint = tree('kinds', {
      'b/index.ts': "import type { A } from '../a/a.js';\nexport type B = A;\n",
      'a/a.ts': 'export type A = number;\n',
    });
    expect(lint('a/new.ts', "import type { B } from '../b';\nexport type X = B;\n")).toHaveLength(
      1,
    );
  });

  it('passes imports that go one way', () => {
    const lint = tree('one-way', {
      'b/index.ts': 'export const b = 1;\n',
      'a/a.ts': "import { b } from '../b/index.js';\nexport const a = b;\n",
    });
    expect(lint('a/more.ts', "import { b } from '../b/index.js';\nexport const y = b;\n")).toEqual(
      [],
    );
  });

  it('leaves tests out: a test may drive the modules above its own', () => {
    const lint = tree('tests', {
      'b/b.ts': "import { a } from '../a/a.js';\nexport const b = a;\n",
      'b/b.test.ts': "import { a } from '../a/a.js';\n",
      'a/a.ts': 'export const a = 1;\n',
      'a/a.test.ts': "import { b } from '../b/b.js';\n",
    });
    expect(lint('a/a.test.ts', "import { b } from '../b/b.js';\nexport const t = b;\n")).toEqual(
      [],
    );
    // …and a test on disk makes no edge: b → a comes from b.ts, a → b only from a test.
    expect(lint('b/other.ts', "import { a } from '../a/a.js';\nexport const o = a;\n")).toEqual([]);
  });

  it('reads import, export-from and import() specifiers, not commented ones', () => {
    const text = [
      "import x from './x.js';",
      "import type { T } from '../t';",
      "export { y } from '../y/index.js';",
      "export * from '../z';",
      "const lazy = () => import('../lazy/page');",
      "import './side-effect.css';",
      "// import { gone } from '../gone';",
      "/* export { gone } from '../gone2'; */",
    ].join('\n');
    expect(importSpecifiers(text)).toEqual([
      './x.js',
      '../t',
      '../y/index.js',
      '../z',
      '../lazy/page',
      './side-effect.css',
    ]);
  });
});

describe('no-folder-cycle in the project configuration', () => {
  const eslint = new ESLint({ cwd: REPO });

  it.each(['apps/api/src/modules/money/money.service.ts', 'apps/web/src/features/money/index.ts'])(
    'applies to %s with both roots',
    async (file) => {
      const config = await eslint.calculateConfigForFile(join(REPO, file));
      expect(config.rules?.[RULE]).toEqual([
        2,
        { roots: ['apps/api/src/modules', 'apps/web/src/features'] },
      ]);
    },
  );

  it('fails the ledger importing the money module, which stands on the ledger', async () => {
    const [result] = await eslint.lintText(
      "import { makeMoneyService } from '../money/index.js';\nexport const m = makeMoneyService;\n",
      { filePath: join(REPO, 'apps/api/src/modules/ledger/uses-money.ts') },
    );
    const cycles = result.messages.filter((m) => m.ruleId === RULE);
    expect(cycles).toHaveLength(1);
    expect(cycles[0].message).toMatch(/^Folder cycle ledger → money → .*ledger/);
  });
});
