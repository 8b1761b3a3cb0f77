// The lock file installs only what runs on the Node versions package.json promises: a package
// that needs a newer Node warns on every install and may break at run time (issue 16 item 13).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file: string) => JSON.parse(readFileSync(join(REPO, file), 'utf8'));

describe('engines', () => {
  const promised: string = readJson('package.json').engines.node;
  const oldest = semver.minVersion(promised);

  it('promise a Node version this machine runs', () => {
    expect(semver.satisfies(process.version, promised)).toBe(true);
  });

  it('of every locked package accept the oldest Node we promise', () => {
    const lock = readJson('package-lock.json') as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const refusing = Object.entries(lock.packages)
      .filter(([, entry]) => {
        const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return node !== undefined && !semver.satisfies(oldest!, node);
      })
      .map(
        ([path, entry]) => `${path}@${entry.version} needs node ${JSON.stringify(entry.engines)}`,
      );
    expect(refusing).toEqual([]);
  });
});
