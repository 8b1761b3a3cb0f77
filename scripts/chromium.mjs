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
 * The Chromium already on this machine, installing nothing: CHROMIUM_PATH, then (with
 * headlessShell) Debian's headless shell, then Debian's full browser; undefined when none.
 * @param {{ headlessShell?: boolean }} options
 */
export function installedChromium({ headlessShell = false } = {}) {
  const candidates = headlessShell ? [HEADLESS_SHELL, ...FULL_BROWSERS] : FULL_BROWSERS;
  return [process.env.CHROMIUM_PATH, ...candidates].find((path) => path && existsSync(path));
}

/**
 * A Chromium to run: CHROMIUM_PATH; with headlessShell (the tests), the headless shell, installed
 * from Debian when it can be even where a full browser is present; else a full browser, installed
 * from Debian as a last resort; null, with a one-line instruction, when there is none.
 * @param {{ headlessShell?: boolean }} options
 */
export function findChromium({ headlessShell = false } = {}) {
  const wanted = headlessShell ? 'chromium-headless-shell' : 'chromium';
  const wantedPath = headlessShell ? HEADLESS_SHELL : FULL_BROWSERS[0];
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) {
    return process.env.CHROMIUM_PATH;
  }
  if (existsSync(wantedPath)) return wantedPath;
  if (headlessShell && aptInstall(wanted) && existsSync(wantedPath)) return wantedPath;
  const installed = installedChromium({ headlessShell }) ?? playwrightChromium();
  if (installed) return installed;
  if (!headlessShell && aptInstall(wanted) && existsSync(wantedPath)) return wantedPath;
  console.error(
    `No Chromium found: install one (Debian: \`apt-get install ${wanted}\`) or set CHROMIUM_PATH to its executable.`,
  );
  return null;
}
