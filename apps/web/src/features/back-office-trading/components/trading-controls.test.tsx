import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ActionNotice, useActionNotice } from '../../../components/ui/action-notice';
import { signInAsStaff } from '../../../testing/back-office';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import type { TradingControlsView } from '../api/trading-controls';
import { ClientTradingMode, TradingControls } from './trading-controls';

const CLIENT_ID = '6f1c2a4e-9b7d-4c3a-8e2f-1a2b3c4d5e6f';

const CONTROLS: TradingControlsView = {
  platform: { mode: 'normal', exposureLimitUsd: null, reason: null, by: null, at: null },
  clients: [
    {
      clientId: CLIENT_ID,
      clientName: 'Ada Lovelace',
      clientEmail: 'ada@example.com',
      mode: 'halted',
      exposureLimitUsd: 25_000,
      reason: 'Account under fraud review',
      by: 'dana',
      at: '2026-11-28T10:00:00.000Z',
    },
  ],
};

function Desk({ canDeal }: { canDeal: boolean }) {
  const notice = useActionNotice();
  return (
    <>
      <ActionNotice outcome={notice.outcome} noticeRef={notice.ref} />
      <TradingControls enabled canDeal={canDeal} onOutcome={notice.report} />
    </>
  );
}

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  api.on('GET /api/staff/trading/controls', { status: 200, body: CONTROLS });
});

const PATH = '/adminDashboard/trading';

describe('TradingControls', () => {
  it('shows an auditor the platform’s mode and the restricted clients, with no form', async () => {
    signInAsStaff(api, 'auditor');
    renderAt(<Desk canDeal={false} />, PATH);
    const table = await screen.findByRole('table', { name: 'Clients not trading normally' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Ada Lovelace');
    expect(row.textContent).toContain('Halted');
    expect(row.textContent).toContain('Account under fraud review');
    expect(screen.getByText(/The whole platform:/).textContent).toContain('Normal');
    expect(screen.queryByRole('button', { name: 'Apply mode' })).toBeNull();
  });

  it('asks for a reason before it sends, then sets the platform’s mode and says so', async () => {
    signInAsStaff(api, 'operations');
    api.on('PUT /api/staff/trading/controls/platform', {
      status: 200,
      body: {
        mode: 'close_only',
        exposureLimitUsd: null,
        reason: 'Feed under review',
        by: 'dana',
        at: '2026-11-28T11:00:00.000Z',
      },
    });
    const { user } = renderAt(<Desk canDeal />, PATH);
    await user.click(await screen.findByRole('radio', { name: /^Close only/ }));
    await user.click(screen.getByRole('button', { name: 'Apply mode' }));
    expect(await screen.findByText('Please give a reason the client will see')).toBeTruthy();
    expect(api.requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.type(screen.getByLabelText(/^Reason/), 'Feed under review');
    await user.click(screen.getByRole('button', { name: 'Apply mode' }));
    expect(await screen.findByText('Close only for the whole platform.')).toBeTruthy();
    const sent = api.requests.find((request) => request.method === 'PUT');
    expect(sent?.body).toEqual({
      mode: 'close_only',
      exposureLimitUsd: null,
      reason: 'Feed under review',
    });
  });

  it('on a client’s page: their own mode, and the platform’s when it is stricter', async () => {
    signInAsStaff(api, 'operations');
    api.on(`GET /api/staff/trading/controls/clients/${CLIENT_ID}`, {
      status: 200,
      body: {
        client: CONTROLS.clients[0],
        platform: { ...CONTROLS.platform, mode: 'close_only' },
      },
    });
    renderAt(<ClientTradingMode clientId={CLIENT_ID} canDeal onOutcome={() => {}} />, PATH);
    await waitFor(() => expect(screen.getByText(/This client:/).textContent).toContain('Halted'));
    expect(screen.getByText(/This client:/).textContent).toContain('the whole platform is');
    expect(screen.getByRole('radio', { name: /^Halted/ })).toHaveProperty('checked', true);
    expect(screen.getByText(/This client:/).textContent).toContain('exposure limit $25,000.00');
    expect(screen.getByLabelText(/^This client’s exposure limit/)).toHaveProperty('value', '25000');
  });
});
