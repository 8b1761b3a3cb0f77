import { PUBLIC_PAGES } from '../apps/web/src/config/public-pages';
import { expect, test } from './fixtures';

// docs/product.md §1: no page shows an invented earning, promises a return, or claims a licence the
// operator has not configured (the default install configures none).
const INVENTED_EARNINGS = /has just earned|just earned \$/i;
const PROMISED_RETURN =
  /\bROI\b|\d+(\.\d+)?\s?%\s*(daily|per day|a day|per week|per month)|(?<!(?:no|not|never|or|nor) )guaranteed (profits?|returns?)|risk[- ]free (profits?|returns?)/i;
const LICENCE_CLAIM =
  /regulated by|licensed by|licenced by|licen[cs]e (number|no\.)|authori[sz]ed and regulated|compensation (scheme|fund)|\d+ years? (of being )?(regulated|licensed)|(?<!not a )regulated broker|€\s?20,000|20,000 (euro|EUR)|90\s?% of/i;

const paths = [
  '/',
  '/userRegister',
  '/userLogin',
  '/passwordReset',
  ...PUBLIC_PAGES.map((p) => p.path),
];

for (const path of paths) {
  test(`${path} invents no earning, promises no return and claims no licence`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const text = await page.locator('body').innerText();
    expect(text).not.toMatch(INVENTED_EARNINGS);
    expect(text).not.toMatch(PROMISED_RETURN);
    expect(text).not.toMatch(LICENCE_CLAIM);
    await expect(page.getByRole('contentinfo')).toContainText(
      'Demonstration platform — not a regulated broker. No real money is handled.',
    );
  });
}

test('the honesty patterns catch what they are meant to catch', () => {
  expect('Anna from GERMANY has just earned $12,000').toMatch(INVENTED_EARNINGS);
  expect('ROI 50% daily').toMatch(PROMISED_RETURN);
  expect('Earn 3% per day').toMatch(PROMISED_RETURN);
  expect('Guaranteed returns every week').toMatch(PROMISED_RETURN);
  expect('Do not promise profits or guaranteed returns').not.toMatch(PROMISED_RETURN);
  expect('Android app').not.toMatch(PROMISED_RETURN);
  expect('Authorised and regulated by the FCA, licence number 123').toMatch(LICENCE_CLAIM);
  expect('Over 7 years regulated').toMatch(LICENCE_CLAIM);
  expect('a regulated broker you can trust').toMatch(LICENCE_CLAIM);
  expect('Demonstration platform — not a regulated broker.').not.toMatch(LICENCE_CLAIM);
});
