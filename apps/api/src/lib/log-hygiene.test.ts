import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { checkLogLine, checkLogText } from './log-hygiene.js';
import { generateToken } from './tokens.js';

const clean = JSON.stringify({
  level: 30,
  time: 1,
  reqId: 'b1d7a1f0-5c1e-4d43-9a55-0b6f1f0c1a11',
  req: { method: 'POST', url: '/api/userLogin/send' },
  msg: 'incoming request',
});

function rules(line: string, knownSecrets: string[] = []): string[] {
  return checkLogLine(line, 'x:1', { knownSecrets }).findings.map((finding) => finding.rule);
}

describe('log line rules', () => {
  it('passes a structured request line with its request id', () => {
    expect(rules(clean)).toEqual([]);
  });

  it('does not mistake lower-case ids of the same length for tokens', () => {
    const email = 'client-5f0c2e3a-8d7b-4c1e-9f6a-1b2c3d4e5f60@example.com';
    expect(rules(JSON.stringify({ level: 30, msg: `mail to ${email}` }))).toEqual([]);
  });

  it('flags each thing a log must not hold', () => {
    const token = generateToken();
    expect(rules(JSON.stringify({ level: 30, msg: `session ${token}` }))).toContain(
      'a token-shaped value (43 characters of base64url)',
    );
    expect(
      rules(JSON.stringify({ level: 30, msg: 'open https://x.test/verify#token=abcdefgh1' })),
    ).toContain('a token in a link or query string');
    expect(rules(JSON.stringify({ level: 30, msg: 'postgres://app:hunter2@db/app' }))).toContain(
      'a URL with a password in it',
    );
    expect(rules(JSON.stringify({ level: 30, body: { password: 'x' } }))).toContain(
      'a secret-named field that was not redacted',
    );
    expect(rules(JSON.stringify({ level: 30, body: { password: '[redacted]' } }))).toEqual([]);
    expect(
      rules(JSON.stringify({ level: 30, msg: 'said open-sesame-42' }), ['open-sesame-42']),
    ).toContain('a known password of this run');
    expect(rules('Error: something printed with console.log')).toContain(
      'not a structured (JSON) log line',
    );
    expect(rules(JSON.stringify({ level: 30, res: { statusCode: 200 } }))).toContain(
      'a request log line without its request id',
    );
  });
});

describe("the app's own log lines", () => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'trace', STAFF_2FA: 'optional' },
      logStream: { write: (line) => lines.push(line) },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('hold no token or password through sign-in, use, failure and reset, and carry request ids', async () => {
    const client = await t.signedInClient();
    const staffToken = await t.staffLogin();
    const dashboard = await t.app.inject({
      method: 'GET',
      url: '/api/userDashboard/send/',
      headers: { 'user-token': client.token, authorization: `Bearer ${client.token}` },
    });
    expect(dashboard.statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/userLogin/send',
      payload: { email: client.email, password: 'wrong-password-1' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/password-reset/request',
      payload: { email: client.email },
    });
    await t.app.inject({
      method: 'GET',
      url: '/api/staff/clients',
      headers: { 'x-auth-token': staffToken },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/userLogout/send',
      headers: { 'user-token': client.token },
    });

    const totals = checkLogText(lines.join(''), 'app.log', {
      knownSecrets: [
        client.token,
        staffToken,
        client.password,
        'wrong-password-1',
        TEST_ADMIN_PASSWORD,
      ],
    });
    expect(totals.requestLines).toBeGreaterThanOrEqual(14);
    expect(totals.findings).toEqual([]);

    // The answer names the request id its log lines carry.
    const requestId = dashboard.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const completed = lines
      .map((line) => JSON.parse(line) as { reqId?: string; msg?: string })
      .filter((entry) => entry.reqId === requestId)
      .map((entry) => entry.msg);
    expect(completed).toContain('request completed');
  });
});
