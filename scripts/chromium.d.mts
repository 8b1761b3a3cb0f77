/** The Chromium already on this machine (scripts/chromium.mjs), installing nothing. */
export function installedChromium(options?: { headlessShell?: boolean }): string | undefined;

/** A Chromium to run, installed from Debian when it can be; null when there is none. */
export function findChromium(options?: { headlessShell?: boolean }): string | null;
