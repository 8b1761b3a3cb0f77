// The real process (server.ts) on SIGTERM: it stops accepting connections at once, finishes the
// requests in flight, closes the database and exits 0; a request that never completes cannot
// hold it beyond SHUTDOWN_TIMEOUT_SECONDS. Runs on PGlite (the process's own database), once.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { registrationBody, usingPostgres } from './test/test-app.js';

const API_DIR = fileURLToPath(new URL('..', import.meta.url));

interface RunningServer {
  port: number;
  child: ChildProcess;
  logs: string[];
  exited: Promise<{ code: number | null; at: number }>;
  waitForLog(text: string): Promise<void>;
}

const started: RunningServer[] = [];
const dataDirs: string[] = [];

function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'brokerdesk-server-test-'));
  dataDirs.push(dir);
  return dir;
}

async function startServer(dataDir: string, shutdownSeconds: number): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      ADMIN_PASSWORD: 'server-test-owner-password',
      STAFF_2FA: 'optional',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      SHUTDOWN_TIMEOUT_SECONDS: String(shutdownSeconds),
    },
  });
  const logs: string[] = [];
  const waiters: { text: string; resolve: () => void }[] = [];
  let pending = '';
  const onOutput = (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    logs.push(...lines);
    for (const waiter of [...waiters]) {
      if (logs.some((line) => line.includes(waiter.text))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
  const waitForLog = (text: string) =>
    new Promise<void>((resolve, reject) => {
      if (logs.some((line) => line.includes(text))) return resolve();
      waiters.push({ text, resolve });
      void exited.then(() => reject(new Error(`exited before "${text}":\n${logs.join('\n')}`)));
    });
  const server: RunningServer = { port: 0, child, logs, exited, waitForLog };
  started.push(server);
  await waitForLog('BrokerDesk is running at');
  const line = logs.find((entry) => entry.includes('BrokerDesk is running at')) ?? '';
  server.port = Number(/127\.0\.0\.1:(\d+)/.exec(line)?.[1]);
  return server;
}

afterEach(async () => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A POST whose body is sent in two halves, so it is in flight while the test acts. */
function halfSentPost(port: number, path: string, body: unknown, agent: Agent) {
  const bytes = Buffer.from(JSON.stringify(body));
  let req!: ClientRequest;
  const response = new Promise<{
    status: number;
    headers: IncomingMessage['headers'];
    body: string;
  }>((resolve, reject) => {
    req = request(
      {
        port,
        host: '127.0.0.1',
        path,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': bytes.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
  });
  response.catch(() => undefined); // reported where it is awaited; not unhandled if never
  const half = Math.floor(bytes.length / 2);
  req.write(bytes.subarray(0, half));
  return { response, finish: () => req.end(bytes.subarray(half)), abort: () => req.destroy() };
}

/** Whether new connections are refused within `withinMs` (the listener closes right after the log line). */
async function refusesWithin(port: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (await connectionRefused(port)) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

async function login(port: number, email: string, password: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/api/userLogin/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

const describeOnce = usingPostgres() ? describe.skip : describe;

describeOnce('SIGTERM', () => {
  it('stops accepting, finishes the request in flight, closes the database and exits 0', async () => {
    const dataDir = newDataDir();
    const server = await startServer(dataDir, 5);
    // Like a load balancer: keep-alive connections, one of them busy when the signal comes.
    const agent = new Agent({ keepAlive: true });
    const health = await fetch(`http://127.0.0.1:${server.port}/healthz`);
    expect(health.status).toBe(200);
    const body = registrationBody({ email: `sigterm-${randomUUID()}@example.com` });
    const inFlight = halfSentPost(server.port, '/api/userRegister/send', body, agent);
    await new Promise((resolve) => setTimeout(resolve, 300));

    server.child.kill('SIGTERM');
    await server.waitForLog('SIGTERM received');
    expect(await refusesWithin(server.port, 1_000)).toBe(true);

    inFlight.finish();
    const answer = await inFlight.response;
    const answeredAt = Date.now();
    expect(answer.status, answer.body).toBe(201);
    expect(answer.headers.connection).toBe('close');

    const { code, at } = await server.exited;
    agent.destroy();
    expect(code).toBe(0);
    // Not held by the keep-alive connection until the 5 s limit.
    expect(at - answeredAt).toBeLessThan(3_000);
    expect(server.logs.join('\n')).toContain('BrokerDesk stopped');
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);

    // The registration was committed and the database reopens cleanly.
    const again = await startServer(dataDir, 5);
    expect(await login(again.port, body.email, body.password)).toBe(200);
    again.child.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);
  }, 60_000);

  it('exits within SHUTDOWN_TIMEOUT_SECONDS when a request never completes', async () => {
    const server = await startServer(newDataDir(), 1);
    const agent = new Agent({ keepAlive: true });
    const stuck = halfSentPost(server.port, '/api/userRegister/send', registrationBody(), agent);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const { code, at } = await server.exited;
    stuck.abort();
    agent.destroy();
    expect(code).toBe(1);
    expect(at - signalledAt).toBeGreaterThanOrEqual(900);
    expect(at - signalledAt).toBeLessThan(4_000);
    expect(server.logs.join('\n')).toContain('shutdown took longer than 1 s: forcing exit');
  }, 60_000);
});
