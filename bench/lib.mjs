// Shared by the benchmarks: a fresh build when the sources changed, and the production server.
import { run, webBuildIsStale } from '../scripts/lib.mjs';

export { startProductionServer as startServer } from '../scripts/production-server.mjs';

export async function ensureBuild() {
  if (!webBuildIsStale()) return;
  const code = await run('npm', ['run', '--silent', 'build'], { stdio: 'ignore' });
  if (code !== 0) throw new Error('the web build failed');
}
