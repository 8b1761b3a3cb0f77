import { expect, startIsolatedServer, test, uniqueEmail } from './fixtures';
import type { IsolatedServer } from './fixtures';

test('the banner fades to the next slide every 3 s, loops, and jumps on a bullet', async ({
  page,
}) => {
  // A paused clock: slides move only when the test advances time.
  await page.clock.install({ time: new Date('2026-03-02T09:00:00Z') });
  await page.clock.pauseAt(new Date('2026-03-02T09:00:01Z'));
  await page.goto('/');
  const active = page.locator('.hero-slide--active');
  await expect(active).toHaveCount(1);
  await expect(active).toHaveAttribute('aria-label', '1 of 3');

  await page.clock.runFor(2_900);
  await expect(active).toHaveAttribute('aria-label', '1 of 3');
  await page.clock.runFor(200);
  await expect(active).toHaveAttribute('aria-label', '2 of 3');
  await page.clock.runFor(3_000);
  await expect(active).toHaveAttribute('aria-label', '3 of 3');
  await page.clock.runFor(3_000);
  await expect(active).toHaveAttribute('aria-label', '1 of 3');

  await page.getByRole('button', { name: 'Show slide 3' }).click();
  await expect(active).toHaveAttribute('aria-label', '3 of 3');
  await expect(active.getByRole('link', { name: 'Join Now' })).toHaveAttribute(
    'href',
    '/userRegister',
  );
});

test('the markets widget starts on Popular and switches tabs', async ({ page }) => {
  // The bundled sample before the first tick (a fresh install at the weekend), the simulated
  // feed's prices on a weekday: the widget says which, once the page has fetched them.
  const markets = page.waitForResponse((response) => response.url().endsWith('/api/markets'));
  await page.goto('/');
  const { source } = (await (await markets).json()) as { source: string };
  const tabs = page.getByRole('tablist', { name: 'Market' });
  await expect(tabs.getByRole('tab', { name: 'Popular' })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  await expect(panel).toContainText('BTC/USD');
  await expect(page.locator('section', { has: tabs })).toContainText(
    source === 'sample' ? 'Sample data' : 'Simulated prices',
  );

  await tabs.getByRole('tab', { name: 'Forex' }).click();
  await expect(tabs.getByRole('tab', { name: 'Forex' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel).toContainText('EUR/JPY');
  // Green when positive, red when negative (with a sign, so colour is not the only cue). A
  // fresh install's simulated prices have no previous day to change from yet (all 0.00).
  if (source === 'sample') {
    await expect(panel.locator('.change--up').first()).toContainText('+');
    await expect(panel.locator('.change--down').first()).toContainText(/[−-]/);
  }

  await tabs.getByRole('tab', { name: 'Forex' }).press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Futures' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('link', { name: 'OPEN LIVE ACCOUNT' }).first()).toHaveAttribute(
    'href',
    '/userRegister',
  );
});

test('plan cards show price and bonuses, promise no return, and lead to packages', async ({
  page,
}) => {
  await page.goto('/');
  const subscribe = page.getByRole('link', { name: /Subscribe/ });
  await expect(subscribe).toHaveCount(8);
  await expect(subscribe.first()).toHaveAttribute('href', '/userDashboard/packages');
  await expect(page.locator('body')).not.toContainText(/\bROI\b/);
  await expect(page.locator('body')).not.toContainText(/daily returns?|% daily/i);
});

test.describe('activity popup on a fresh platform', () => {
  let server: IsolatedServer;
  test.beforeAll(async () => {
    server = await startIsolatedServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('stays hidden with no events, then shows a real anonymised one', async ({
    page,
    request,
  }) => {
    await page.goto(`${server.baseUrl}/`);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.activity-popup')).toHaveCount(0);

    const registered = await request.post(`${server.baseUrl}/api/userRegister/send`, {
      data: {
        firstName: 'Wanjiru',
        lastName: 'Kamau',
        email: uniqueEmail('popup'),
        phone: '254700000000',
        password: 'popup-pass-1',
        confirmPassword: 'popup-pass-1',
        country: 'Kenya',
      },
    });
    expect(registered.status()).toBe(201);

    await page.clock.install({ time: new Date('2026-03-02T09:00:00Z') });
    await page.clock.pauseAt(new Date('2026-03-02T09:00:01Z'));
    await page.reload();
    const popup = page.locator('.activity-popup');
    await expect(popup).toHaveText(/A client from KENYA just opened an account/);
    await expect(popup).not.toContainText('Wanjiru');
    await page.clock.runFor(8_100);
    await expect(popup).toHaveCount(0);
  });
});
