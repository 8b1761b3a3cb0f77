// `npm run dev`: the API with reload on change, and the Vite dev server (hot reload) in front
// of it, proxying /api. Open the web address it prints.
import { spawn } from 'node:child_process';
import { ROOT } from './lib.mjs';

const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.PORT ?? '3000';
const env = { ...process.env, NODE_ENV: 'development' };

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...env,
      PORT: apiPort,
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${webPort}`,
    },
  }),
  spawn('npx', ['react-router', 'dev', '--port', webPort, '--strictPort'], {
    cwd: `${ROOT}/apps/web`,
    stdio: 'inherit',
    env: { ...env, API_PORT: apiPort, WEB_PORT: webPort },
  }),
];

let stopping = false;
function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
