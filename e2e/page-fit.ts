import type { Page, TestInfo } from '@playwright/test';
import { expect, onPhone, openMenu } from './fixtures';

// Issue 16, "Done when": no public, portal or back-office page scrolls sideways, at phone and
// desktop sizes (the `phone` and `desktop` projects). Wide content (tables) may scroll inside a
// frame of its own; the page itself may not. A failure names the elements that stick out past the
// right edge of the screen, widest first, so the fix can start there, and attaches the page's
// full-length screenshot. To look at every page at phone size, run with E2E_SCREENSHOTS=1: each
// page's screenshot is then attached too (and kept in the test's output folder). Not by default,
// as the screenshots cost about a second a page. Used by visitor-public-pages.spec.ts (public
// pages) and no-horizontal-scroll.spec.ts (portal and back office).

/** Elements whose right edge passes the screen's, each with where it ends and how wide it is. */
interface Overflow {
  scrollWidth: number;
  /** The layout viewport, without a vertical scrollbar: what fits without scrolling sideways. */
  clientWidth: number;
  innerWidth: number;
  offenders: string[];
}

/**
 * Measures the page and, when it is wider than the screen, finds the culprits: elements that
 * stick out past the right edge while their parent does not (where the overflow starts), not
 * clipped by a scrolling or clipping ancestor that itself fits, nor fixed to the screen.
 */
function measure(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const limit = root.clientWidth + 1;
    const result = {
      scrollWidth: root.scrollWidth,
      clientWidth: root.clientWidth,
      innerWidth: window.innerWidth,
      offenders: [] as string[],
    };
    if (result.scrollWidth <= limit) return result;

    const label = (element: Element): string => {
      let text = element.tagName.toLowerCase();
      if (element.id) return `${text}#${CSS.escape(element.id)}`;
      text += Array.from(element.classList)
        .slice(0, 3)
        .map((name) => `.${CSS.escape(name)}`)
        .join('');
      const parent = element.parentElement;
      if (parent) {
        const same = Array.from(parent.children).filter((c) => c.tagName === element.tagName);
        if (same.length > 1) text += `:nth-of-type(${same.indexOf(element) + 1})`;
      }
      return text;
    };
    const selector = (element: Element): string => {
      const parts: string[] = [];
      for (
        let current: Element | null = element;
        current && current !== document.body && parts.length < 5;
        current = current.parentElement
      ) {
        parts.unshift(label(current));
        if (current.id) break;
      }
      return parts.join(' > ');
    };
    const right = (element: Element) => element.getBoundingClientRect().right + window.scrollX;
    const sticksOut = (element: Element) => right(element) > limit;
    /**
     * Fixed to the screen, or clipped by a frame that scrolls or clips and itself fits. A frame
     * clips an absolutely positioned element only when it holds the element's containing block
     * (a visually hidden label in a scrolling table escapes a frame that is not positioned).
     */
    const contained = (element: Element): boolean => {
      let position = getComputedStyle(element).position;
      if (position === 'fixed') return true;
      for (let e = element.parentElement; e && e !== root; e = e.parentElement) {
        const style = getComputedStyle(e);
        const holdsBlock = style.position !== 'static' || style.transform !== 'none';
        if (position === 'absolute' && !holdsBlock) continue;
        if (style.position === 'fixed') return true;
        if (style.overflowX !== 'visible' && !sticksOut(e)) return true;
        position = style.position;
      }
      return false;
    };

    const past = Array.from(document.body.querySelectorAll('*')).filter(sticksOut);
    const uncontained = past.filter((element) => !contained(element));
    // When everything past the edge sits in a frame or is fixed, name those (the frame's own
    // measure may be what is wrong).
    const sticking = uncontained.length > 0 ? uncontained : past;
    const set = new Set(sticking);
    // Where the overflow starts: elements past the edge whose parent is not.
    const starts = sticking.filter(
      (element) => !element.parentElement || !set.has(element.parentElement),
    );
    result.offenders = (starts.length > 0 ? starts : sticking)
      .map((element) => ({ element, rect: element.getBoundingClientRect() }))
      .sort((a, b) => b.rect.right - a.rect.right || b.rect.width - a.rect.width)
      .slice(0, 8)
      .map(({ element, rect }) => {
        const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
        return (
          `${selector(element)} — ${Math.round(rect.width)} px wide, ` +
          `from x=${Math.round(rect.left)} to x=${Math.round(rect.right)}` +
          (text ? ` ("${text}")` : '')
        );
      });
    if (sticking.length > result.offenders.length) {
      result.offenders.push(`(${sticking.length} elements in all stick out past the right edge)`);
    }
    return result;
  });
}

/** Waits for the page's heading, its data and lazy parts (markets, activity), then a short settle. */
async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
  // The terminal keeps its quote stream open, so the network never goes quiet there: its
  // instrument list having loaded is the sign instead.
  if (new URL(page.url()).pathname === '/userDashboard/trade') {
    await expect(page.getByRole('heading', { name: 'Instruments' })).toBeVisible();
    await expect(page.getByText('Loading instruments…')).toHaveCount(0);
  } else {
    await page.waitForLoadState('networkidle');
  }
  await expect(page.locator('.skeleton')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForTimeout(300);
}

function describeOverflow(what: string, overflow: Overflow): string {
  return [
    `${what} scrolls sideways: ${overflow.scrollWidth} px of content in a ` +
      `${overflow.clientWidth} px wide screen (innerWidth ${overflow.innerWidth}). Sticking out:`,
    ...overflow.offenders.map((line) => `  ${line}`),
  ].join('\n');
}

function fileName(path: string): string {
  return path.replace(/^\//, '').replace(/[^A-Za-z0-9]+/g, '-') || 'home';
}

/**
 * The page as loaded fits the screen. A phone-size screenshot of the page goes into the report
 * with E2E_SCREENSHOTS=1; at any size when the page fails.
 */
export async function expectPageFits(page: Page, path: string, testInfo: TestInfo) {
  await settle(page);
  const overflow = await measure(page);
  const fits = overflow.scrollWidth <= overflow.clientWidth + 1;
  if (!fits || (onPhone() && process.env.E2E_SCREENSHOTS === '1')) {
    const screenshot = testInfo.outputPath(`${fileName(path)}-${testInfo.project.name}.png`);
    await page.screenshot({ path: screenshot, fullPage: true, scale: 'css' });
    await testInfo.attach(`${path} at ${testInfo.project.name} size`, {
      path: screenshot,
      contentType: 'image/png',
    });
  }
  expect
    .soft(overflow.scrollWidth, describeOverflow(path, overflow))
    .toBeLessThanOrEqual(overflow.clientWidth + 1);
}

/** The navigation's phone panel fits too, where a Menu toggle is in view. */
export async function expectOpenMenuFits(page: Page, path: string) {
  if (!(await page.getByRole('button', { name: 'Menu', exact: true }).isVisible())) return;
  await openMenu(page);
  const open = await measure(page);
  expect
    .soft(open.scrollWidth, describeOverflow(`${path} with its menu open`, open))
    .toBeLessThanOrEqual(open.clientWidth + 1);
}

/** The whole check: the page as loaded and, on a phone, with its Menu open too. */
export async function expectNoSidewaysScroll(page: Page, path: string, testInfo: TestInfo) {
  await expectPageFits(page, path, testInfo);
  await expectOpenMenuFits(page, path);
}
