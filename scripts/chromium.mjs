// Finds a Chromium: CHROMIUM_PATH, Debian's packages, or Playwright's own download. Installs
// Debian's package when it can (root with apt), because Playwright's browser download is not
// reachable on every machine.
//
// The browser journeys take Chromium's headless shell (Debian's `chromium-headless-shell`), the
// build Playwright itself runs headless tests in: the full browser in headless mode spent twice
// the CPU on the same pages (150 s against 72 s for the public pages' sweep on two cores), and
// the journeys are bound by CPU. Lighthouse measures in the full browser, as visitors see pages.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

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

/** Installs a Debian package as root with apt; false when it cannot. */
function aptInstall(name) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) return false;
  console.log(`Installing Debian's ${name} for the browser tests…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) return false;
  return (
    spawnSync('apt-get', ['install', '-y', '-qq', name], { stdio: 'inherit', env }).status === 0
  );
}

/**
 * @param {{ headlessShell?: boolean }} options headlessShell: prefer (and install) the headless
 *   shell, for tests; otherwise the full browser.
 */
export function findChromium({ headlessShell = false } = {}) {
  const preferred = headlessShell ? [HEADLESS_SHELL, ...FULL_BROWSERS] : FULL_BROWSERS;
  for (const path of [process.env.CHROMIUM_PATH, ...preferred]) {
    if (path && existsSync(path)) {
      // A machine set up before the tests took the shell: install it once, then use it.
      if (headlessShell && path !== HEADLESS_SHELL && path !== process.env.CHROMIUM_PATH) {
        if (aptInstall('chromium-headless-shell') && existsSync(HEADLESS_SHELL)) {
          return HEADLESS_SHELL;
        }
      }
      return path;
    }
  }
  const bundled = playwrightChromium();
  if (bundled) return bundled;

  const wanted = headlessShell ? 'chromium-headless-shell' : 'chromium';
  const installedPath = headlessShell ? HEADLESS_SHELL : FULL_BROWSERS[0];
  if (aptInstall(wanted) && existsSync(installedPath)) return installedPath;
  console.error(
    `No Chromium found: install one (Debian: \`apt-get install ${wanted}\`) or set CHROMIUM_PATH to its executable.`,
  );
  return null;
}
