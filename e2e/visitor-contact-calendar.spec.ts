import { expect, test } from './fixtures';

test('the contact form sends a message and clears, or keeps it when sending fails', async ({
  page,
}) => {
  await page.goto('/contact');
  await page.getByLabel('Subject').fill('Question about withdrawals');
  await page.getByLabel('Message').fill('How long does a bank transfer take? <b>thanks</b>');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(/your message has been sent/)).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue('');
  await expect(page.getByLabel('Message')).toHaveValue('');

  // The network is the one boundary we cut here: the visitor's connection drops.
  await page.route('**/api/support/send', (route) => route.abort('internetdisconnected'));
  await page.getByLabel('Subject').fill('Second try');
  await page.getByLabel('Message').fill('Are you there?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('❌ Failed to send message. Try again later.')).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue('Second try');
  await expect(page.getByLabel('Message')).toHaveValue('Are you there?');
});

test('the contact page answers "is it regulated" honestly', async ({ page }) => {
  await page.goto('/contact');
  const question = page.locator('summary', { hasText: /regulated/i });
  await question.click();
  await expect(page.getByText(/not a regulated broker/).first()).toBeVisible();
});

test('the webinar calendar shows six weeks and reminds on the chosen day', async ({ page }) => {
  await page.goto('/calendar');
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible();
  await expect(grid.getByRole('gridcell')).toHaveCount(42);

  await grid.getByRole('button', { name: /15/ }).first().click();
  await page.getByRole('button', { name: 'REMIND' }).click();
  await expect(page.getByText(/^You will be reminded on \w+day, \w+ 15, \d{4}$/)).toBeVisible();
});

test('menus open one at a time and close when a link is followed', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const trade = page.getByRole('button', { name: 'Trade' });
  const education = page.getByRole('button', { name: 'Education and analytics' });
  await trade.click();
  await expect(trade).toHaveAttribute('aria-expanded', 'true');
  await education.click();
  await expect(education).toHaveAttribute('aria-expanded', 'true');
  await expect(trade).toHaveAttribute('aria-expanded', 'false');
  await education.click();
  await expect(education).toHaveAttribute('aria-expanded', 'false');

  await page.getByRole('button', { name: 'About company' }).click();
  await page.getByRole('link', { name: 'Terms and conditions' }).first().click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('button', { name: 'About company' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});
