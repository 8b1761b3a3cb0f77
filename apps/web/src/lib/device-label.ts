// A readable name for a signed-in device, from the User-Agent header the server recorded:
// "Chrome on Linux", "Safari on iPhone". Only the common browsers and systems; anything else
// keeps what can be told ("Firefox", "Windows") or says it is not known. Order matters: Edge,
// Opera and Samsung Internet also say "Chrome", Chrome also says "Safari", Android says "Linux".

const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bHeadlessChrome\/|\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

export const UNKNOWN_DEVICE = 'Unknown device';

function first(table: readonly (readonly [RegExp, string])[], text: string): string | undefined {
  return table.find(([pattern]) => pattern.test(text))?.[1];
}

export function deviceLabel(userAgent: string | null | undefined): string {
  const text = userAgent?.trim() ?? '';
  if (text === '') return UNKNOWN_DEVICE;
  const browser = first(BROWSERS, text);
  const system = first(SYSTEMS, text);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? UNKNOWN_DEVICE;
}
