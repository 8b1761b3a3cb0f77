// `npm start`: build the web app when it is missing or stale, then serve site and API on one port.
import { register } from 'tsx/esm/api';
import { run, webBuildIsStale } from './lib.mjs';

process.env.NODE_ENV ??= 'production';

if (webBuildIsStale()) {
  console.log('Building the web app (missing or older than its sources)…');
  const code = await run('npm', ['run', 'build', '--silent', '-w', '@brokerdesk/web']);
  if (code !== 0) {
    console.error('The web build failed; see the output above.');
    process.exit(code);
  }
}

// The API runs from its TypeScript sources in this same process (docs/decisions/010).
register();
await import('../apps/api/src/server.ts');
