/**
 * Zod 4 probes `new Function('')` when its first object schema is built, to decide whether to
 * compile fast parsers. Under our CSP (no 'unsafe-eval') the probe is blocked — harmlessly,
 * but every page load would report a CSP violation. Zod skips the probe when its global config
 * says `jitless`; that config object lives at `globalThis.__zod_globalConfig` (what
 * `z.config()` writes), so a classic inline script in <head> can set it before any module
 * loads, without putting zod into every page's bundle. The postbuild step hashes this script
 * like every other inline script.
 */
export const ZOD_JITLESS_SCRIPT =
  'globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});';
