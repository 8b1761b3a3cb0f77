// Shared by the benchmarks and stress scripts: a fresh build when the sources changed, the
// production server, JSON calls to its API, and a seeded random source.
import { run, webBuildIsStale } from '../scripts/lib.mjs';

export { startProductionServer as startServer } from '../scripts/production-server.mjs';

export async function ensureBuild() {
  if (!webBuildIsStale()) return;
  const code = await run('npm', ['run', '--silent', 'build'], { stdio: 'ignore' });
  if (code !== 0) throw new Error('the web build failed');
}

/**
 * One JSON call to the API: the parsed answer (null for an empty body), or an error naming the
 * call and its status. A call with no answer in `timeoutMs` fails instead of waiting for ever.
 */
export async function callApi(
  baseUrl,
  method,
  path,
  { headers = {}, body, timeoutMs = 30_000 } = {},
) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** The first quote of `symbol` the server serves (a replay's first tick logged), within 30 s. */
export async function waitForQuote(baseUrl, symbol = 'EURUSD') {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await callApi(baseUrl, 'GET', `/api/trading/quotes?symbols=${symbol}`).catch(
      () => null,
    );
    if (answer?.quotes?.length) return answer.quotes[0];
    if (Date.now() > deadline) throw new Error(`no ${symbol} quote from the server`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** mulberry32: a small seeded random source in [0, 1), so a run repeats with its seed. */
export function prng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
