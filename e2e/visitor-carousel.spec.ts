import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Issue 16, item 9: with a 3 s autoplay and a 3 s fade, the slide fading out kept its headline
// and Join Now visible above the new one: two of each, half the time. The backdrops still
// cross-fade; the text shows one slide at a time.

/** The banner's headlines and Join Now links a person can see now (any opacity above 0). */
async function visibleSlideText(page: Page) {
  return page.locator('.hero-carousel').evaluate((carousel) => {
    const seen = (element: Element) =>
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    const headlines = Array.from(carousel.querySelectorAll('.hero-title')).filter(seen);
    const buttons = Array.from(carousel.querySelectorAll('a')).filter(
      (link) => link.textContent?.trim() === 'Join Now' && seen(link),
    );
    return {
      headlines: headlines.map((h) => h.textContent ?? ''),
      buttons: buttons.length,
      // What Tab can reach: links outside inert or hidden slides.
      focusable: Array.from(carousel.querySelectorAll('a')).filter(
        (link) => link.textContent?.trim() === 'Join Now' && !link.closest('[inert]') && seen(link),
      ).length,
    };
  });
}

test('the banner never shows two headlines or two Join Now buttons at once', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const headlinesSeen = new Set<string>();
  // Sample through two slide changes and their fades (7 s, every 250 ms).
  for (let sample = 0; sample < 28; sample += 1) {
    const now = await visibleSlideText(page);
    expect(now.headlines, `sample ${sample}: ${now.headlines.join(' | ')}`).toHaveLength(1);
    expect(now.buttons, `sample ${sample}`).toBe(1);
    expect(now.focusable, `sample ${sample}`).toBe(1);
    headlinesSeen.add(now.headlines[0] ?? '');
    await page.waitForTimeout(250);
  }
  // The banner did rotate meanwhile: the backdrops keep the origin's 3 s cross-fade.
  expect(headlinesSeen.size).toBeGreaterThanOrEqual(2);
});

test('the first slide is fully visible at first paint, before any script runs', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(test.info().project.use.baseURL ?? '/');
  const first = page.locator('.hero-slide').first();
  await expect(first.getByRole('heading', { level: 1 })).toBeVisible();
  const opacity = await first.evaluate((slide) => {
    let value = 1;
    for (let node: Element | null = slide; node; node = node.parentElement) {
      value *= Number(getComputedStyle(node).opacity);
    }
    return value;
  });
  expect(opacity).toBe(1);
  expect((await visibleSlideText(page)).buttons).toBe(1);
  await context.close();
});
