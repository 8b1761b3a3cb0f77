import type { APIRequestContext } from '@playwright/test';
import {
  axeViolations,
  expect,
  expectJson,
  onPhone,
  registerClient,
  signInOwner,
  startDeskServer,
  test,
  waitForMailedLink,
  type DeskServer,
  type TestClient,
} from './fixtures';
import { expectNoSidewaysScroll } from './page-fit';

// Issue 16: no portal or back-office page scrolls sideways, at phone and desktop sizes (page-fit.ts
// says how a failure reads). On a desktop the same load of each portal page also checks its
// heading, passes axe (WCAG 2 A/AA) and fits a 375 px phone, as one load of each public page does
// in visitor-public-pages.spec.ts.

// ---------------------------------------------------------------------------------------------
// Portal and back office: a server of its own (STAFF_2FA=optional, so the owner signs in without
// enrolling TOTP), with a client whose pages have something in every list: verified e-mail,
// approved documents, a confirmed deposit, a plan, a pending withdrawal, an answered ticket; and a
// second client with a document and a deposit waiting in the back office's queues.

const OWNER = 'layout-owner';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n' +
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n' +
    'xref\n0 4\n0000000000 65535 f \ntrailer<</Size 4/Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const PORTAL_PATHS = [
  // '/userDashboard' (the index) shows the same page as /userDashboard/dashboard.
  '/userDashboard/dashboard',
  '/userDashboard/trade',
  '/userDashboard/account',
  '/userDashboard/depositWithdrawal',
  '/userDashboard/packages',
  '/userDashboard/subscriptionTrade',
  '/userDashboard/transactionHistory',
  '/userDashboard/referral',
  '/userDashboard/verification',
  '/userDashboard/support',
];

/** The portal pages axe scans on a desktop, with the heading each shows. */
const PORTAL_HEADINGS: Record<string, string | RegExp> = {
  '/userDashboard/dashboard': /^Welcome/,
  '/userDashboard/account': 'Account',
  '/userDashboard/depositWithdrawal': 'Deposit and withdrawal',
  '/userDashboard/packages': 'Packages',
  '/userDashboard/subscriptionTrade': 'Subscriptions',
  '/userDashboard/transactionHistory': 'Transaction history',
  '/userDashboard/referral': 'Refer Users',
  '/userDashboard/support': 'Support',
};

const BACK_OFFICE_PATHS = [
  '/adminDashboard',
  '/adminDashboard/registration',
  '/adminDashboard/subscription',
  '/adminDashboard/transaction',
  '/adminDashboard/clients',
  '/adminDashboard/clients/:clientId',
  '/adminDashboard/requests',
  '/adminDashboard/support',
  '/adminDashboard/audit',
  '/adminDashboard/trading',
  '/adminDashboard/documents',
  '/adminDashboard/staff',
  '/adminDashboard/security',
];

/** A client with a verified e-mail address, signed in; returns their token. */
async function verifiedClient(
  api: APIRequestContext,
  server: DeskServer,
  names: Partial<TestClient>,
): Promise<{ client: TestClient; headers: Record<string, string> }> {
  const client = await registerClient(api, names);
  const link = await waitForMailedLink({
    dataDir: server.dataDir,
    to: client.email,
    path: '/verifyEmail',
  });
  await expectJson(
    await api.post('/api/email/verify', {
      data: { token: link.slice(link.indexOf('#token=') + '#token='.length) },
    }),
  );
  const login = await expectJson(
    await api.post('/api/userLogin/send', {
      data: { email: client.email, password: client.password },
    }),
  );
  return { client, headers: { 'user-token': login.token as string } };
}

async function upload(
  api: APIRequestContext,
  headers: Record<string, string>,
  kind: string,
  name: string,
  file: Buffer,
) {
  return expectJson(
    await api.post(`/api/documents?kind=${kind}`, {
      headers: { ...headers, 'content-type': 'application/octet-stream', 'x-file-name': name },
      data: file,
    }),
    201,
  );
}

test.describe('portal and back office', { tag: '@phone' }, () => {
  // One worker takes the pages in turn, so one server is started and filled per screen size
  // (in parallel each worker started its own). A failing page does not stop the rest: the next
  // worker starts the server again and goes on.
  test.describe.configure({ mode: 'default' });

  let server: DeskServer;
  let clientToken = '';
  let staffToken = '';
  let clientId = '';

  test.beforeAll(async ({ playwright }, testInfo) => {
    testInfo.setTimeout(90_000);
    server = await startDeskServer(OWNER);
    const api = await playwright.request.newContext({ baseURL: server.baseUrl });
    const staff = await signInOwner(api, server);
    staffToken = staff['x-auth-token'];

    // The first client: documents approved, $1,500 deposited, Basic bought, $200 on its way out.
    const first = await verifiedClient(api, server, {
      firstName: 'Margaret',
      lastName: 'Hamilton',
    });
    clientToken = first.headers['user-token'] ?? '';
    await upload(api, first.headers, 'id', 'passport-scan.pdf', PDF);
    await upload(api, first.headers, 'residence', 'electricity-bill.png', PNG);
    const pending = await expectJson(await api.get('/api/staff/documents', { headers: staff }));
    for (const document of pending.items as { id: string }[]) {
      await expectJson(
        await api.post(`/api/staff/documents/${document.id}/approve`, { headers: staff }),
      );
    }
    await expectJson(
      await api.post('/api/deposits', {
        headers: first.headers,
        data: { amountMinor: 150_000, method: 'bitcoin' },
      }),
      201,
    );
    const queue = await expectJson(await api.get('/api/staff/money-requests', { headers: staff }));
    for (const request of queue.items as { id: string }[]) {
      await expectJson(
        await api.post(`/api/staff/deposits/${request.id}/confirm`, { headers: staff }),
      );
    }
    await expectJson(
      await api.post('/api/subscriptions', { headers: first.headers, data: { planId: 'basic' } }),
      201,
    );
    await expectJson(
      await api.post('/api/withdrawals', {
        headers: first.headers,
        data: {
          amountMinor: 20_000,
          method: 'bitcoin',
          destination: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        },
      }),
      201,
    );
    await expectJson(
      await api.post('/api/support/send', {
        headers: first.headers,
        data: {
          subject: 'When does my withdrawal arrive?',
          message: 'I asked to withdraw $200 by Bitcoin this morning. When should it arrive?',
        },
      }),
      201,
    );
    const tickets = await expectJson(await api.get('/api/staff/tickets', { headers: staff }));
    for (const ticket of tickets.items as { id: string }[]) {
      await expectJson(
        await api.post(`/api/staff/tickets/${ticket.id}/reply`, {
          headers: staff,
          data: { message: 'Bitcoin withdrawals are sent within one business day.' },
        }),
      );
    }
    const clients = await expectJson(
      await api.get(`/api/staff/clients?q=${encodeURIComponent(first.client.email)}`, {
        headers: staff,
      }),
    );
    clientId = (clients.items as { id: string }[])[0]?.id ?? '';
    expect(clientId).not.toBe('');

    // The second client: a proof of ID and a $300 deposit waiting for staff.
    const second = await verifiedClient(api, server, {
      firstName: 'Annie',
      lastName: 'Easley',
    });
    await upload(api, second.headers, 'id', 'identity-card.png', PNG);
    await expectJson(
      await api.post('/api/deposits', {
        headers: second.headers,
        data: { amountMinor: 30_000, method: 'bitcoin' },
      }),
      201,
    );
    await api.dispose();
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  for (const path of PORTAL_PATHS) {
    const heading = PORTAL_HEADINGS[path];
    const title = heading
      ? `${path} does not scroll sideways (on a desktop: axe, and a 375 px phone)`
      : `${path} does not scroll sideways`;
    test(title, async ({ page }, testInfo) => {
      await page.addInitScript((token) => localStorage.setItem('user-token', token), clientToken);
      await page.goto(`${server.baseUrl}${path}`);
      await expectNoSidewaysScroll(page, path, testInfo);
      if (!heading || onPhone()) return;
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect.soft(await axeViolations(page), 'accessibility violations').toEqual([]);
      // Wide tables scroll inside their own frame; the page itself fits a small phone too.
      await page.setViewportSize({ width: 375, height: 800 });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'page wider than a 375 px phone').toBeLessThanOrEqual(0);
    });
  }

  for (const path of BACK_OFFICE_PATHS) {
    test(`${path} does not scroll sideways`, async ({ page }, testInfo) => {
      await page.addInitScript((token) => localStorage.setItem('admin-token', token), staffToken);
      await page.goto(`${server.baseUrl}${path.replace(':clientId', clientId)}`);
      await expectNoSidewaysScroll(page, path, testInfo);
    });
  }
});
