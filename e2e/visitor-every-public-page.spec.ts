import { PUBLIC_PAGES } from '../apps/web/src/config/public-pages';
import { expect, test } from './fixtures';

// Every public route of the seed: pre-rendered (200, content in the HTML), a heading, the
// 'Main' breadcrumb and a side menu, and no console error after hydration.
for (const page of PUBLIC_PAGES) {
  test(`${page.path} shows its heading, breadcrumb and side menu without errors`, async ({
    page: browser,
  }) => {
    const consoleErrors: string[] = [];
    browser.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const response = await browser.goto(page.path);
    expect(response?.status()).toBe(200);
    expect(await response?.text()).toContain(page.title);

    await expect(browser.getByRole('heading', { level: 1, name: page.title })).toBeVisible();
    const breadcrumb = browser.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name: 'Main' })).toHaveAttribute('href', '/');
    await expect(browser.locator('aside nav')).toBeVisible();
    await expect(browser).toHaveTitle(new RegExp(page.title));
    await browser.waitForLoadState('networkidle');
    expect(consoleErrors).toEqual([]);
  });
}

test('robots.txt and sitemap.xml describe the public site', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /userDashboard');
  expect(robots).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const page of PUBLIC_PAGES.filter((p) => p.path !== '/risks')) {
    expect(sitemap).toContain(`${page.path}</loc>`);
  }
});
