import { expect, onPhone, openMenu, test } from './fixtures';

test(
  'the contact form sends a message and clears, or keeps it when sending fails',
  { tag: '@phone' },
  async ({ page }) => {
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
  },
);

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

  // Past days cannot be chosen; the last day shown always lies ahead.
  const day = grid.getByRole('button', { disabled: false }).last();
  const dayNumber = (await day.innerText()).trim();
  await day.click();
  await page.getByRole('button', { name: 'REMIND' }).click();
  await expect(
    page.getByText(new RegExp(`^You will be reminded on \\w+day, \\w+ ${dayNumber}, \\d{4}$`)),
  ).toBeVisible();
});

test(
  'menus open one at a time and close when a link is followed',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto('/');
    // On a phone the menus sit in the panel behind the Menu toggle.
    await openMenu(page);
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
    // On a phone the whole panel closes too, hiding the button: still closed inside it.
    if (onPhone()) {
      await expect(page.getByRole('button', { name: 'Menu', exact: true })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    }
    await expect(
      page.getByRole('button', { name: 'About company', includeHidden: true }),
    ).toHaveAttribute('aria-expanded', 'false');
  },
);
