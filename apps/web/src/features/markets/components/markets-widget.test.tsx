import { SAMPLE_MARKET_QUOTES } from '@brokerdesk/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { formatChange } from './format';
import { MarketsWidget } from './markets-widget';

function renderWidget(sample = true) {
  const router = createMemoryRouter(
    [{ path: '/', element: <MarketsWidget quotes={SAMPLE_MARKET_QUOTES} sample={sample} /> }],
    { initialEntries: ['/'] },
  );
  return render(<RouterProvider router={router} />);
}

function rowNames(): string[] {
  const panel = screen.getByRole('tabpanel');
  return within(panel)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent ?? '');
}

describe('MarketsWidget', () => {
  it('starts on Popular, labelled as sample data', () => {
    renderWidget();
    const popular = screen.getByRole('tab', { name: 'Popular' });
    expect(popular.getAttribute('aria-selected')).toBe('true');
    expect(popular.tabIndex).toBe(0);
    expect(screen.getByRole('tab', { name: 'Forex' }).tabIndex).toBe(-1);
    expect(rowNames()).toEqual(SAMPLE_MARKET_QUOTES.popular.map((q) => q.name));
    expect(screen.getByText('Sample data')).toBeTruthy();
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(popular.id);
  });

  it('switches tab on click', () => {
    renderWidget();
    fireEvent.click(screen.getByRole('tab', { name: 'Indexes' }));
    expect(screen.getByRole('tab', { name: 'Indexes' }).getAttribute('aria-selected')).toBe('true');
    expect(rowNames()).toEqual(SAMPLE_MARKET_QUOTES.indexes.map((q) => q.name));
  });

  it('moves between tabs with the arrow, Home and End keys', () => {
    renderWidget();
    const popular = screen.getByRole('tab', { name: 'Popular' });
    popular.focus();
    fireEvent.keyDown(popular, { key: 'ArrowRight' });
    const forex = screen.getByRole('tab', { name: 'Forex' });
    expect(forex.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(forex);
    expect(rowNames()).toEqual(SAMPLE_MARKET_QUOTES.forex.map((q) => q.name));
    fireEvent.keyDown(forex, { key: 'ArrowLeft' });
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Popular' }), { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'Indexes' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Indexes' }), { key: 'Home' });
    expect(screen.getByRole('tab', { name: 'Popular' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Popular' }), { key: 'End' });
    expect(screen.getByRole('tab', { name: 'Indexes' }).getAttribute('aria-selected')).toBe('true');
  });

  it('marks rises green with a plus and falls red with a minus', () => {
    renderWidget();
    const up = SAMPLE_MARKET_QUOTES.popular.find((q) => q.changePercent > 0);
    const down = SAMPLE_MARKET_QUOTES.popular.find((q) => q.changePercent < 0);
    if (!up || !down) throw new Error('sample data needs a rise and a fall');
    const upCell = screen.getByText(formatChange(up.changePercent));
    const downCell = screen.getByText(formatChange(down.changePercent));
    expect(upCell.textContent?.startsWith('+')).toBe(true);
    expect(upCell.className).toContain('change--up');
    expect(downCell.textContent?.startsWith('\u2212')).toBe(true);
    expect(downCell.className).toContain('change--down');
  });

  it('links OPEN LIVE ACCOUNT to registration and drops the label for live data', () => {
    renderWidget(false);
    expect(screen.getByRole('link', { name: 'OPEN LIVE ACCOUNT' }).getAttribute('href')).toBe(
      '/userRegister',
    );
    expect(screen.queryByText('Sample data')).toBeNull();
  });
});

describe('formatChange', () => {
  it('signs every change', () => {
    expect(formatChange(1.02)).toBe('+1.02%');
    expect(formatChange(-0.38)).toBe('\u22120.38%');
    expect(formatChange(0)).toBe('0.00%');
  });
});
