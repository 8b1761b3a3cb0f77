import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_HINT, ScrollRegion } from './scroll-region';

function table() {
  return (
    <ScrollRegion labelledBy="caption">
      <table>
        <caption id="caption">Forex instruments</caption>
        <tbody>
          <tr>
            <td>EUR/USD</td>
          </tr>
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function widths(scrollWidth: number, clientWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
}

afterEach(() => vi.restoreAllMocks());

describe('ScrollRegion', () => {
  it('is a named region keyboard users can focus and scroll', () => {
    widths(300, 300);
    render(table());
    const region = screen.getByRole('region', { name: 'Forex instruments' });
    expect(region.getAttribute('tabindex')).toBe('0');
  });

  // Issue 16: on a phone the instrument tables were clipped with nothing saying so.
  it('shows a visible hint while the table is wider than the screen', () => {
    widths(620, 358);
    render(table());
    expect(screen.getByText(SCROLL_HINT).closest('p')?.hidden).toBe(false);
    const region = screen.getByRole('region', { name: 'Forex instruments' });
    expect(region.getAttribute('aria-describedby')).toBe(
      screen.getByText(SCROLL_HINT).closest('p')?.id,
    );
  });

  it('shows no hint when the table fits, nor in the pre-rendered HTML', () => {
    widths(300, 300);
    render(table());
    expect(screen.getByText(SCROLL_HINT).closest('p')?.hidden).toBe(true);
    expect(renderToString(table())).toMatch(/<p[^>]*hidden=""/);
  });
});
