// The model stays independent (decision 123): its files import only each other, and no file in
// this folder — the property test and its HTTP driver included — reaches the engine or the
// shared trading rules it checks.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const folder = dirname(fileURLToPath(import.meta.url));
const files = readdirSync(folder).filter((name) => name.endsWith('.ts'));

/** Every module specifier a file names: static and dynamic imports, re-exports. */
function specifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\bfrom\s+['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]/g,
    /^\s*import\s+['"]([^'"]+)['"]/gm,
  ];
  for (const pattern of patterns)
    for (const match of source.matchAll(pattern)) found.push(match[1]!);
  return found;
}

const FORBIDDEN = [
  /modules\/trading/,
  /modules\/prices/,
  /shared\/src\/trading/,
  /^@brokerdesk\/shared\/trading/,
];
/** The files that drive the real API through HTTP (they may use the test app and the ledger). */
const DRIVERS = /(\.test\.ts|^api-driver\.ts|^property-.*\.ts)$/;

describe('the trading model imports', () => {
  it('finds the specifiers a file names', () => {
    const source =
      "import a from './a.js';\nexport { b } from '../b.js';\nconst c = await import('@x/c');\nimport './d.js';";
    expect(specifiers(source).sort()).toEqual(['../b.js', './a.js', './d.js', '@x/c']);
  });

  it('model files import only one another', () => {
    const model = files.filter((name) => !DRIVERS.test(name));
    expect(model).toContain('trading-model.ts');
    for (const name of model) {
      for (const specifier of specifiers(readFileSync(join(folder, name), 'utf8'))) {
        expect(`${name} → ${specifier}`).toMatch(/ → \.\/[a-z0-9-]+\.js$/);
      }
    }
  });

  it('no file here imports the engine, the price hub or the shared trading rules', () => {
    for (const name of files) {
      for (const specifier of specifiers(readFileSync(join(folder, name), 'utf8'))) {
        for (const pattern of FORBIDDEN) expect(`${name} → ${specifier}`).not.toMatch(pattern);
      }
    }
  });
});
