import { PAYMENT_METHODS, WITHDRAWAL_PROCESSING } from '@brokerdesk/shared';
import { screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../testing/render';
import * as carriers from './carriers';
import * as execution from './execution';
import * as forex from './forex';
import * as futures from './futures';
import * as hours from './hours';
import * as indexes from './indexes';
import * as payment from './payment';
import * as spreads from './spreads';
import * as swaps from './swaps';
import * as withdrawal from './withdrawal';

interface RouteModule {
  default: ComponentType;
  meta: () => ({ title: string } | { name: string; content: string })[];
}

const PAGES: [string, string, RouteModule][] = [
  ['/forex', 'Forex', forex],
  ['/futures', 'Commodity futures', futures],
  ['/indexes', 'Share indexes', indexes],
  ['/carriers', 'Energy carriers and metals', carriers],
  ['/payment', 'Payment methods', payment],
  ['/withdrawal', 'Withdrawal information and general fees', withdrawal],
  ['/execution', 'Execution of orders', execution],
  ['/spreads', 'Spreads', spreads],
  ['/swaps', 'Swaps', swaps],
  ['/hours', 'Forex trading hours', hours],
];

const headerTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

describe.each(PAGES)('%s', (path, title, page) => {
  it('has the Main breadcrumb, its heading and the Trading tools side menu', () => {
    const Page = page.default;
    renderAt(<Page />, path);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Main' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('navigation', { name: 'Trading tools' })).toBeTruthy();
  });

  it('has its own description of 50 to 160 characters', () => {
    const description = page
      .meta()
      .find((tag): tag is { name: string; content: string } => 'name' in tag);
    expect(description?.content.length).toBeGreaterThanOrEqual(50);
    expect(description?.content.length).toBeLessThanOrEqual(160);
  });

  it('promises no return and claims no regulation', () => {
    const Page = page.default;
    renderAt(<Page />, path);
    const text = document.body.textContent ?? '';
    expect(text).not.toMatch(
      /guaranteed|risk-free|daily (profit|return)|ROI|regulated|licen[cs]ed/i,
    );
  });
});

describe('instrument pages', () => {
  it.each([
    [
      '/forex',
      forex,
      ['Instrument', 'Spreads (as low as)', 'Leverage (up to)', 'Trading Hours (GMT)'],
      59,
    ],
    [
      '/carriers',
      carriers,
      ['Instrument', 'Spread', 'ECN Spread', 'Leverage', 'Contract Size', 'Min. Trade'],
      6,
    ],
    ['/futures', futures, ['Instrument', 'Spread', 'Leverage', 'Contract Size', 'Min. Trade'], 4],
    [
      '/indexes',
      indexes,
      ['Instrument', 'Spread', 'ECN Spread', 'Leverage', 'Contract Size', 'Min. Trade'],
      8,
    ],
  ] as const)('%s shows its table and START TRADING NOW', (path, page, columns, rows) => {
    const Page = page.default;
    renderAt(<Page />, path);
    const table = screen.getByRole('table');
    expect(headerTexts(table)).toEqual(columns);
    expect(table.querySelectorAll('tbody tr')).toHaveLength(rows);
    expect(table.closest('[role="region"]')?.getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('link', { name: 'START TRADING NOW' }).getAttribute('href')).toBe(
      '/userDashboard/trade',
    );
  });
});

describe('/payment', () => {
  it('says plainly that the demonstration processes no real payments', () => {
    renderAt(<payment.default />, '/payment');
    expect(screen.getByText(/no real payments are processed/)).toBeTruthy();
    expect(document.querySelectorAll('details')).toHaveLength(8);
  });
});

describe('/withdrawal', () => {
  it('shows the deposit and withdrawal tables and the notes', () => {
    renderAt(<withdrawal.default />, '/withdrawal');
    const tables = screen.getAllByRole('table');
    expect(tables).toHaveLength(2);
    const withdrawals = screen.getByRole('table', { name: /withdrawal processing/i });
    const fee = (method: string) =>
      within(withdrawals).getByRole('rowheader', { name: method }).closest('tr')?.lastChild
        ?.textContent;
    expect(fee('Neteller')).toBe('2.9%');
    expect(fee('Skrill')).toBe('2.9%');
  });

  it('states the processing time once, and no method contradicts it (issue 16, item 3)', () => {
    renderAt(<withdrawal.default />, '/withdrawal');
    const text = (document.body.textContent ?? '').replace(/\s+/g, ' ');
    expect(text.split(WITHDRAWAL_PROCESSING)).toHaveLength(2);
    const withdrawals = screen.getByRole('table', { name: /withdrawal processing/i });
    expect(within(withdrawals).queryByText('Instant')).toBeNull();
    // The same times as the portal's withdrawal form, which reads the same catalogue.
    for (const method of PAYMENT_METHODS) {
      const name = method.fullName ?? method.name;
      const row = within(withdrawals).getByRole('rowheader', { name }).closest('tr');
      expect(row?.children[1]?.textContent).toBe(method.withdrawalTime);
    }
    expect(text).not.toContain('24 hours written notice');
  });
});

describe('/execution and /hours', () => {
  it('lists the six order types', () => {
    renderAt(<execution.default />, '/execution');
    for (const name of [
      'Market order',
      'Limit order',
      'Stop loss',
      'Trailing stop',
      /^OCO/,
      /^GTC/,
    ]) {
      expect(screen.getByText(name)).toBeTruthy();
    }
    expect(screen.getByText(/charged when a\s+position is opened/)).toBeTruthy();
  });

  it('gives the sessions table and the weekend closure', () => {
    renderAt(<hours.default />, '/hours');
    expect(screen.getAllByRole('row')).toHaveLength(5);
    expect(
      screen.getByText('It closes for the weekend from Friday 22:00 to Sunday 23:30 CET.'),
    ).toBeTruthy();
    expect(screen.getByText('The market trades Monday to Friday.')).toBeTruthy();
  });
});
