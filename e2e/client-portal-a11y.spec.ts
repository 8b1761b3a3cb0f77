import { axeViolations, expect, registerClient, test } from './fixtures';

// Every portal page, signed in, passes axe (WCAG 2 A/AA) on a desktop and fits a 375 px phone
// without sideways scrolling of the page itself (wide tables scroll inside their own frame).
const PORTAL_PAGES = [
  ['/userDashboard/dashboard', /^Welcome/],
  ['/userDashboard/account', 'Account'],
  ['/userDashboard/depositWithdrawal', 'Deposit and withdrawal'],
  ['/userDashboard/packages', 'Packages'],
  ['/userDashboard/subscriptionTrade', 'Subscriptions'],
  ['/userDashboard/transactionHistory', 'Transaction history'],
  ['/userDashboard/referral', 'Refer Users'],
  ['/userDashboard/support', 'Support'],
] as const;

test.beforeEach(async ({ page, request }) => {
  const client = await registerClient(request);
  const login = await request.post('/api/userLogin/send', {
    data: { email: client.email, password: client.password },
  });
  const { token } = (await login.json()) as { token: string };
  await page.addInitScript((value) => localStorage.setItem('user-token', value), token);
});

for (const [path, heading] of PORTAL_PAGES) {
  test(`${path} has no accessibility violations and fits a phone`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const violations = await axeViolations(page);
    expect(violations).toEqual([]);

    await page.setViewportSize({ width: 375, height: 800 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'page wider than a 375 px phone').toBeLessThanOrEqual(0);
  });
}
