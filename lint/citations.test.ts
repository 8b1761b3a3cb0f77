// Every citation in the code and the docs leads somewhere a newcomer can open: a path in the
// repository, a decision record that exists, and never a document that lives outside it (the
// product's rules are in docs/product.md, docs/ledger.md and docs/origin.md).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..');
const THIS_FILE = relative(REPO, fileURLToPath(import.meta.url));
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|css|html|yml|yaml|sh)$|^\.ci\/run$/;

/** Tracked and new (not ignored) files: what a clean clone of the next commit holds. */
function repoFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '-z'],
    { cwd: REPO, encoding: 'utf8' },
  );
  return listed
    .split('\0')
    .filter((file) => file && TEXT.test(file) && file !== THIS_FILE)
    .filter((file) => existsSync(join(REPO, file)));
}

const files = repoFiles();
const texts = new Map(files.map((file) => [file, readFileSync(join(REPO, file), 'utf8')]));

/** `[file:line] text` for each line of each file that matches. */
function findLines(pattern: RegExp): string[] {
  const found: string[] = [];
  for (const [file, text] of texts) {
    text.split('\n').forEach((line, index) => {
      if (pattern.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe('citations', () => {
  it('cite no document outside the repository', () => {
    // Case matters for the names: docs/product.md and docs/ledger.md are the repo's own.
    expect(
      findLines(/\b(PRODUCT|LEDGER|STYLE)\.md\b|seed-spec|\b[Ss]eed §|shared\/(spec|data)\//),
    ).toEqual([]);
  });

  it('name only paths that exist', () => {
    const ROOTS = '(?:apps|packages|docs|e2e|bench|stress|scripts|lint)';
    const PATH = new RegExp(`(?<![\\w./@-])${ROOTS}/[\\w./@-]*[\\w-]`, 'g');
    const missing: string[] = [];
    for (const [file, text] of texts) {
      // The lint rules' own tests name files that must not exist (the forbidden import's home).
      if (/^lint\/.*\.test\.ts$/.test(file)) continue;
      for (const match of text.matchAll(PATH)) {
        const path = match[0].replace(/\.$/, '');
        // A pattern or a placeholder names no single file.
        const after = text.slice(
          (match.index ?? 0) + match[0].length,
          (match.index ?? 0) + match[0].length + 1,
        );
        if (/[*<{]/.test(after) || /[*<{]/.test(path)) continue;
        if (existsSync(join(REPO, path))) continue;
        // `docs/decisions/060` names a record by number (checked below).
        if (/^docs\/decisions\/\d{3}$/.test(path)) continue;
        // Paths written at run time (build output, data, reports) are not in a clean clone.
        if (/\/(build|dist|data|pglite|outbox|uploads|test-results|node_modules)(\/|$)/.test(path))
          continue;
        // A compiled name of a TypeScript source (`./x.js` imports of `x.ts`).
        if (/\.js$/.test(path) && existsSync(join(REPO, path.replace(/\.js$/, '.ts')))) continue;
        missing.push(`${file}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('name only decision records that exist', () => {
    const records = new Set(
      readdirSync(join(REPO, 'docs/decisions'))
        .map((name) => /^(\d{3})-/.exec(name)?.[1])
        .filter(Boolean),
    );
    const missing: string[] = [];
    for (const [file, text] of texts) {
      for (const match of text.matchAll(/\b(?:decisions?|docs\/decisions\/)[\s/]*(\d{3})\b/gi)) {
        if (!records.has(match[1])) missing.push(`${file}: ${match[0]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('use relative links in the docs that lead to a file', () => {
    const missing: string[] = [];
    for (const [file, text] of texts) {
      if (!file.endsWith('.md')) continue;
      for (const match of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
        const target = match[1];
        if (/^[a-z]+:/i.test(target)) continue;
        if (!existsSync(join(REPO, dirname(file), target))) missing.push(`${file}: ${target}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
