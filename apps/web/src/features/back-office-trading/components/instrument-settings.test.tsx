import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ActionNotice, useActionNotice } from '../../../components/ui/action-notice';
import { signInAsStaff } from '../../../testing/back-office';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import type { InstrumentSettingsView } from '../api/instrument-settings';
import { InstrumentSettings } from './instrument-settings';

const CATALOGUE: InstrumentSettingsView = {
  symbol: 'GBPUSD',
  displayName: 'GBP/USD',
  class: 'forex',
  tradingEnabled: true,
  spreadMarkupPoints: 0,
  catalogueSpreadPoints: 30,
  spreadPoints: 30,
  maxVolume: '50.00',
  catalogueMaxVolume: '50.00',
  minVolume: '0.01',
  volumeStep: '0.01',
  catalogueLeverage: 200,
  leverageCap: null,
  leverage: 200,
  swapLongPoints: '-5.00',
  swapShortPoints: '-5.00',
  catalogueSwapLongPoints: '-5.00',
  catalogueSwapShortPoints: '-5.00',
  badTickSpreads: null,
  exposureLimitUsd: null,
  lastChange: null,
};

const CHANGED: InstrumentSettingsView = {
  ...CATALOGUE,
  symbol: 'EURUSD',
  displayName: 'EUR/USD',
  tradingEnabled: false,
  spreadMarkupPoints: 10,
  spreadPoints: 40,
  leverageCap: 50,
  leverage: 50,
  lastChange: {
    at: '2026-11-28T10:00:00.000Z',
    effectiveAt: '2026-11-28T10:00:00.000Z',
    by: 'dana',
    reason: 'Feed incident',
  },
};

/** The section with the desk's notice above it, as the page shows them. */
function Desk({ canDeal }: { canDeal: boolean }) {
  const notice = useActionNotice();
  return (
    <>
      <ActionNotice outcome={notice.outcome} noticeRef={notice.ref} />
      <InstrumentSettings enabled canDeal={canDeal} onOutcome={notice.report} />
    </>
  );
}

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  api.on('GET /api/staff/trading/instruments', {
    status: 200,
    body: { instruments: [CHANGED, CATALOGUE] },
  });
  api.on('GET /api/staff/trading/held-ticks', {
    status: 200,
    body: {
      heldTicks: [
        {
          id: '7',
          symbol: 'EURUSD',
          displayName: 'EUR/USD',
          bid: '1.08500',
          ask: '1.08530',
          lastBid: '1.09985',
          lastAsk: '1.10015',
          time: '2026-11-28T10:00:00.000Z',
          thresholdSpreads: 10,
          outcome: 'spike',
        },
      ],
    },
  });
});

const PATH = '/adminDashboard/trading';

describe('InstrumentSettings', () => {
  it('shows an auditor what the desk changed, beside the catalogue, with no way to edit', async () => {
    signInAsStaff(api, 'auditor');
    renderAt(<Desk canDeal={false} />, PATH);
    const table = await screen.findByRole('table', {
      name: 'Instruments changed by the dealing desk',
    });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('EUR/USD');
    expect(row.textContent).toContain('Off');
    expect(row.textContent).toContain('40 points (30 + 10)');
    expect(row.textContent).toContain('1:50 (capped; catalogue 1:200)');
    expect(row.textContent).toContain('by dana: “Feed incident”');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByLabelText('Change another instrument')).toBeNull();
  });

  it('sends only what changed, with the reason, and reports what is now in force', async () => {
    signInAsStaff(api, 'operations');
    api.on('PATCH /api/staff/trading/instruments/GBPUSD', {
      status: 200,
      body: {
        ...CATALOGUE,
        maxVolume: '5.00',
        swapLongPoints: '-7.25',
        lastChange: CHANGED.lastChange,
      },
    });
    const { user } = renderAt(<Desk canDeal />, PATH);
    await user.selectOptions(await screen.findByLabelText('Change another instrument'), 'GBPUSD');
    await user.click(screen.getByRole('button', { name: 'Edit settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings of GBP/USD' });

    // The shared schema's messages, before anything is sent.
    await user.type(within(dialog).getByLabelText(/^Leverage cap/), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(
      await within(dialog).findByText(
        'Leverage cap must be a whole number from 1 to 10000, or none',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('Please give a reason the client will see')).toBeTruthy();
    expect(api.requests.some((request) => request.method === 'PATCH')).toBe(false);

    await user.clear(within(dialog).getByLabelText(/^Leverage cap/));
    await user.type(within(dialog).getByLabelText(/^Maximum volume/), '5');
    const swapLong = within(dialog).getByLabelText(/^Swap long/);
    await user.clear(swapLong);
    await user.type(swapLong, '-7.25');
    await user.type(within(dialog).getByLabelText(/^Bad-tick filter/), '12');
    await user.type(within(dialog).getByLabelText('Reason'), 'Thin liquidity');
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));

    expect(
      await screen.findByText(/^Saved GBP\/USD: trading on, spread 30 points, maximum 5\.00 lots/),
    ).toBeTruthy();
    const sent = api.requests.find((request) => request.method === 'PATCH');
    expect(sent?.body).toEqual({
      reason: 'Thin liquidity',
      maxVolume: '5',
      swapLongPoints: '-7.25',
      badTickSpreads: 12,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the dialog open with the server’s field message', async () => {
    signInAsStaff(api, 'owner');
    const message = 'Maximum volume must be from 0.01 to 50.00 lots in steps of 0.01';
    api.on('PATCH /api/staff/trading/instruments/EURUSD', {
      status: 400,
      body: { message, code: 'VALIDATION_FAILED', fields: { maxVolume: [message] } },
    });
    const { user } = renderAt(<Desk canDeal />, PATH);
    await user.click(await screen.findByRole('button', { name: 'Edit settings of EUR/USD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings of EUR/USD' });
    expect((within(dialog).getByLabelText(/^New orders allowed/) as HTMLInputElement).checked).toBe(
      false,
    );
    await user.type(within(dialog).getByLabelText(/^Maximum volume/), '60');
    await user.type(within(dialog).getByLabelText('Reason'), 'Bigger tickets');
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(await within(dialog).findAllByText(message)).not.toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('lists what the bad-tick filter held back and what each quote turned out to be', async () => {
    signInAsStaff(api, 'auditor');
    renderAt(<Desk canDeal={false} />, PATH);
    const table = await screen.findByRole('table', {
      name: 'Quotes held back by the bad-tick filter, newest first',
    });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('1.08500 / 1.08530');
    expect(row.textContent).toContain('1.09985 / 1.10015');
    expect(row.textContent).toContain('Over 10 spreads');
    expect(row.textContent).toContain('Spike: discarded');
  });
});
