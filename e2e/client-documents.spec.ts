import { request as playwrightRequest, type Page } from '@playwright/test';
import {
  axeViolations,
  expect,
  openMenu,
  registerClient,
  startDeskServer,
  test,
  type DeskServer,
  type TestClient,
} from './fixtures';

// Verification documents (issue 6, item 6): a signed-in client uploads a PDF proof of ID and a
// proof of residence; a staff owner reviews them in the back office — approves the ID, rejects
// the residence with a reason; the client's verification page and dashboard show both. On a
// server of its own with STAFF_2FA=optional, so the owner signs in without enrolling TOTP (the
// back-office journey covers TOTP). Nothing here depends on deposits.
const OWNER = 'documents-owner';

/** A one-page PDF and a 1×1 PNG, as a phone or scanner would produce them (only smaller). */
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

// One server for the file: its tests run in order on one worker.
test.describe.configure({ mode: 'default' });

let server: DeskServer;
test.beforeAll(async () => {
  server = await startDeskServer(OWNER);
});
test.afterAll(async () => {
  await server?.stop();
});

async function signInClient(page: Page, client: TestClient): Promise<void> {
  const login = await page.request.post(`${server.baseUrl}/api/userLogin/send`, {
    data: { email: client.email, password: client.password },
  });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  await page.addInitScript((value) => localStorage.setItem('user-token', value), token);
}

async function signInOwner(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/adminLogin`);
  await page.getByLabel('Username').fill(OWNER);
  await page.getByLabel('Password', { exact: true }).fill(server.owner.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/adminDashboard$/);
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations).toEqual([]);
}

async function expectFitsPhone(page: Page): Promise<void> {
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'page wider than a 375 px phone').toBeLessThanOrEqual(0);
}

test(
  'client uploads proof of ID and residence, staff approve one and reject one, the client sees both',
  { tag: '@phone' },
  async ({ page, browser }) => {
    test.setTimeout(90_000);
    const base = server.baseUrl;
    const api = await playwrightRequest.newContext({ baseURL: base });
    const client = await registerClient(api, { firstName: 'Katherine', lastName: 'Johnson' });
    await api.dispose();
    await signInClient(page, client);

    // The verification page states the rules and takes a PDF proof of ID.
    await page.goto(`${base}/userDashboard/verification`);
    await expect(page.getByRole('heading', { level: 1, name: 'Verification' })).toBeVisible();
    const idCard = page.getByRole('region', { name: 'Proof of ID' });
    const residenceCard = page.getByRole('region', { name: 'Proof of residence' });
    await expect(residenceCard.getByText(/dated within the last 3 months/).first()).toBeVisible();
    await expect(idCard.getByText('Not uploaded')).toBeVisible();

    // A file that is not a JPEG, PNG or PDF is refused before it is sent.
    await idCard.getByLabel('Proof of ID file').setInputFiles({
      name: 'passport.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    await expect(idCard.getByRole('alert')).toHaveText(
      'This file is not a JPEG, PNG or PDF. Upload a photo (JPEG or PNG) or a PDF scan of your document.',
    );

    await idCard.getByLabel('Proof of ID file').setInputFiles({
      name: 'passport.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await expect(idCard.getByRole('alert')).toHaveText('');
    await idCard.getByRole('button', { name: 'Upload (Proof of ID)' }).click();
    await expect(idCard.getByRole('status')).toHaveText(
      'Thank you. Your document was uploaded and will be checked by our team.',
    );
    await expect(idCard.getByText('Pending review')).toBeVisible();
    await expect(idCard.getByText('passport.pdf')).toBeVisible();

    await residenceCard.getByLabel('Proof of residence file').setInputFiles({
      name: 'electricity-bill.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await residenceCard.getByRole('button', { name: 'Upload (Proof of residence)' }).click();
    await expect(residenceCard.getByText('Pending review')).toBeVisible();
    await expect(page.getByText('Being checked')).toBeVisible();

    // The owner reviews them in the back office.
    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await signInOwner(staffPage);
    await openMenu(staffPage);
    await staffPage.getByRole('link', { name: 'Documents' }).click();
    await expect(staffPage.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
    const queue = staffPage.getByRole('table', { name: /Documents waiting for review/ });
    await expect(queue.getByRole('row')).toHaveCount(3);

    await staffPage.getByRole('link', { name: 'Review Proof of ID of Katherine Johnson' }).click();
    const idReview = staffPage.getByRole('region', { name: 'Proof of ID of Katherine Johnson' });
    // The PDF is shown from the file the back office fetched with its token.
    const frame = idReview.getByTitle('Proof of ID of Katherine Johnson: passport.pdf');
    await expect(frame).toBeVisible();
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    await idReview
      .getByRole('button', { name: 'Approve Proof of ID of Katherine Johnson' })
      .click();
    await expect(staffPage.getByRole('status').first()).toHaveText(
      'Proof of ID of Katherine Johnson approved. The client has been told by e-mail.',
    );
    await expect(queue.getByRole('row')).toHaveCount(2);

    await staffPage
      .getByRole('link', { name: 'Review Proof of residence of Katherine Johnson' })
      .click();
    const residenceReview = staffPage.getByRole('region', {
      name: 'Proof of residence of Katherine Johnson',
    });
    const image = residenceReview.getByRole('img', {
      name: 'Proof of residence of Katherine Johnson: electricity-bill.png',
    });
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await residenceReview
      .getByRole('button', { name: 'Reject Proof of residence of Katherine Johnson' })
      .click();
    const dialog = staffPage.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('The bill is older than 3 months');
    await dialog.getByRole('button', { name: 'Reject document' }).click();
    await expect(
      staffPage.getByText('Proof of residence of Katherine Johnson rejected.', { exact: false }),
    ).toBeVisible();
    await expect(
      queue.getByText('No documents waiting for review.', { exact: false }),
    ).toBeVisible();
    await staffContext.close();

    // The client sees Approved, and the reason of the rejection with a way to upload again.
    await page.reload();
    await expect(idCard.getByText('Approved', { exact: true })).toBeVisible();
    await expect(idCard.getByLabel('Proof of ID file')).toHaveCount(0);
    await expect(residenceCard.getByText('Rejected', { exact: true })).toBeVisible();
    await expect(residenceCard.getByText('The bill is older than 3 months')).toBeVisible();
    await expect(residenceCard.getByLabel('Proof of residence file')).toBeVisible();

    await page.goto(`${base}/userDashboard/dashboard`);
    const panel = page.getByRole('region', { name: 'Verification' });
    await expect(panel.getByText('Action needed')).toBeVisible();
    await expect(panel.getByRole('listitem').filter({ hasText: 'Proof of ID' })).toContainText(
      'Approved',
    );
    await expect(
      panel.getByRole('listitem').filter({ hasText: 'Proof of residence' }),
    ).toContainText('Rejected');
  },
);

test('the verification page and the documents queue have no accessibility violations', async ({
  page,
  browser,
}) => {
  const base = server.baseUrl;
  const api = await playwrightRequest.newContext({ baseURL: base });
  const client = await registerClient(api, { firstName: 'Mae', lastName: 'Jemison' });
  await api.dispose();
  await signInClient(page, client);

  await page.goto(`${base}/userDashboard/verification`);
  await expect(page.getByRole('heading', { level: 1, name: 'Verification' })).toBeVisible();
  const idCard = page.getByRole('region', { name: 'Proof of ID' });
  await idCard.getByLabel('Proof of ID file').setInputFiles({
    name: 'id-card.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await idCard.getByRole('button', { name: 'Upload (Proof of ID)' }).click();
  await expect(idCard.getByText('Pending review')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoAxeViolations(page);
  await expectFitsPhone(page);

  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signInOwner(staffPage);
  await staffPage.goto(`${base}/adminDashboard/documents`);
  await staffPage.getByRole('link', { name: 'Review Proof of ID of Mae Jemison' }).click();
  await expect(
    staffPage.getByRole('img', { name: 'Proof of ID of Mae Jemison: id-card.png' }),
  ).toBeVisible();
  await expectNoAxeViolations(staffPage);
  await staffContext.close();
});
