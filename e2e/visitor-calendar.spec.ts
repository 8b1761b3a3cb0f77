import { expect, test } from './fixtures';

// Issue 16, item 10: on a 390 px phone the calendar was 462 px wide (Saturday off-screen), and
// past days could be chosen beside "Choose a date from today up to a year ahead".

for (const width of [320, 390]) {
  test(
    `the webinar calendar fits a ${width} px screen, Saturday included`,
    { tag: '@phone' },
    async ({ page }) => {
      // A fixed day, so the grid is the same whenever this runs: November 2026 starts on a Sunday
      // (six full weeks, no hidden outside days before the 1st), and on a Wednesday, because on a
      // Saturday today's cell is named "Today, Saturday, …".
      await page.clock.install({ time: new Date(2026, 10, 11, 9) });
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/calendar');
      const grid = page.getByRole('grid');
      await expect(grid.getByRole('gridcell')).toHaveCount(42);
      const box = await grid.boundingBox();
      expect(box, 'the grid is laid out').not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      // The Saturday column (the last of each week) is fully on screen.
      const saturdays = grid.getByRole('gridcell', { name: /^Saturday/ });
      await expect(saturdays).toHaveCount(6);
      for (const saturday of await saturdays.all()) {
        await expect(saturday).toBeInViewport({ ratio: 1 });
      }
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth).toBeLessThanOrEqual(width);
    },
  );
}

test('past days cannot be chosen, with the mouse or the keyboard', async ({ page }) => {
  // Wednesday 10 June 2026, so the 9th is in this month's view.
  await page.clock.install({ time: new Date(2026, 5, 10, 9) });
  await page.goto('/calendar');
  const grid = page.getByRole('grid', { name: 'June 2026' });
  const yesterday = grid.getByRole('button', { name: /June 9th, 2026/ });
  const today = grid.getByRole('button', { name: /June 10th, 2026/ });
  await expect(yesterday).toBeDisabled();
  await expect(today).toBeEnabled();

  await yesterday.click({ force: true });
  await page.getByRole('button', { name: 'REMIND' }).click();
  await expect(page.getByText('You will be reminded on Wednesday, June 10, 2026')).toBeVisible();

  await today.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'REMIND' }).click();
  await expect(page.getByText('You will be reminded on Wednesday, June 10, 2026')).toBeVisible();
  await expect(page.getByRole('button', { name: /previous month/i })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
});
