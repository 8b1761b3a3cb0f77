import { expect, openMenu, test } from './fixtures';

test(
  'the footer says plainly that the default install is a demonstration',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(
      'Demonstration platform — not a regulated broker. No real money is handled.',
    );
    await expect(footer).toContainText('54.6%');
    // On a phone the header's buttons sit behind the Menu toggle.
    await openMenu(page);
    await expect(page.getByRole('link', { name: 'OPEN AN ACCOUNT' })).toHaveAttribute(
      'href',
      '/userRegister',
    );
  },
);

test('public pages are pre-rendered and served with per-page script hashes', async ({
  request,
}) => {
  for (const path of ['/', '/userRegister', '/userLogin', '/passwordReset']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const csp = response.headers()['content-security-policy'] ?? '';
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc, path).toContain("'sha256-");
    expect(scriptSrc, path).not.toContain('unsafe-inline');
    expect(response.headers()['cache-control'], path).toContain('no-cache');
    const html = await response.text();
    // Pre-rendered: the page's own content is in the HTML before any script runs.
    expect(html, path).toMatch(/<h1|<form/);
  }
  const register = await (await request.get('/userRegister')).text();
  expect(register).toContain('Create an Account');
});

test('an unknown address gets the not-found page with HTTP 404', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const api = await page.request.get('/api/no-such-endpoint');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ message: expect.any(String) });
});

test('the mobile menu toggle opens and closes the link panel', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: /menu/i });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});
