// Finds a Chromium for the browser tests: CHROMIUM_PATH, Debian's /usr/bin/chromium, or
// Playwright's own download. Installs Debian's package when it can (root with apt), because
// Playwright's browser download is not reachable on every machine.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function playwrightChromium() {
  try {
    const out = execFileSync(
      process.execPath,
      ['-e', "process.stdout.write(require('playwright-core').chromium.executablePath())"],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    return out && existsSync(out) ? out : null;
  } catch {
    return null;
  }
}

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const path of candidates) if (path && existsSync(path)) return path;
  const bundled = playwrightChromium();
  if (bundled) return bundled;

  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log('Installing Chromium from Debian packages for the browser tests…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install =
      update.status === 0 &&
      spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    if (install && install.status === 0 && existsSync('/usr/bin/chromium'))
      return '/usr/bin/chromium';
  }
  console.error(
    'No Chromium found: install one (Debian: `apt-get install chromium`) or set CHROMIUM_PATH to its executable.',
  );
  return null;
}
