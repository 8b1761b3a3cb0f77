import { APPROPRIATENESS_QUESTIONS, RISK_DISCLOSURE_VERSION } from '@brokerdesk/shared/trading';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/auth-tokens';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render';
import type { Onboarding } from '../api/onboarding';
import { LiveOnboarding } from './live-onboarding';

const NEW_CLIENT: Onboarding = {
  emailVerified: true,
  missingDocuments: [{ kind: 'residence', state: 'pending' }],
  disclosure: {
    version: RISK_DISCLOSURE_VERSION,
    acknowledgedVersion: null,
    acknowledgedAt: null,
    current: false,
  },
  test: {
    status: 'not-taken',
    takenAt: null,
    correct: null,
    total: 6,
    passMark: 5,
    retakeAt: null,
  },
  category: 'retail',
  retailLeverageCaps: null,
  ready: false,
};
const ACKNOWLEDGED: Onboarding = {
  ...NEW_CLIENT,
  disclosure: {
    ...NEW_CLIENT.disclosure,
    acknowledgedVersion: RISK_DISCLOSURE_VERSION,
    acknowledgedAt: '2026-03-02T08:00:00.000Z',
    current: true,
  },
};

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  setToken('user', 'token-1');
});

const step = (name: RegExp) => screen.getByRole('heading', { name }).closest('li')!;

describe('LiveOnboarding', () => {
  it('marks each step done or to do, and opens nothing until every step is done', async () => {
    api.on('GET /api/trading/onboarding', { status: 200, body: NEW_CLIENT });
    renderAt(<LiveOnboarding opening={false} openError={null} onOpen={vi.fn()} />);
    expect(
      await screen.findByRole('heading', { name: /Verify your e-mail address Done/ }),
    ).toBeTruthy();
    const documents = step(/Proof of identity and of residence approved To do/);
    expect(documents.textContent).toContain('proof of residence: waiting for review');
    expect(
      within(documents).getByRole('link', { name: 'verification page' }).getAttribute('href'),
    ).toBe('/userDashboard/verification');
    expect(
      screen.getByRole('link', { name: /Read the CFD risk disclosure/ }).getAttribute('href'),
    ).toBe('/risk');
    expect(
      (screen.getByRole('button', { name: 'Open a live account' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('asks for the tick before acknowledging, then sends the current version', async () => {
    api.on('GET /api/trading/onboarding', { status: 200, body: NEW_CLIENT });
    api.on('POST /api/trading/onboarding/risk-disclosure', { status: 200, body: ACKNOWLEDGED });
    renderAt(<LiveOnboarding opening={false} openError={null} onOpen={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Acknowledge' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please tick the box to confirm you have read the risk disclosure',
    );
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: /I have read and understood/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
    expect(
      await screen.findByRole('heading', { name: /Read and acknowledge the risk disclosure Done/ }),
    ).toBeTruthy();
    const sent = api.requests.find((r) => r.path === '/api/trading/onboarding/risk-disclosure');
    expect(sent?.body).toEqual({ version: RISK_DISCLOSURE_VERSION });
  });

  it('asks every question in its own group, then shows which answers were wrong and when to retake', async () => {
    api.on('GET /api/trading/onboarding', { status: 200, body: ACKNOWLEDGED });
    api.on('POST /api/trading/onboarding/appropriateness', {
      status: 201,
      body: {
        status: 'failed',
        takenAt: '2026-03-02T08:00:00.000Z',
        correct: 4,
        total: 6,
        passMark: 5,
        retakeAt: '2026-03-03T08:00:00.000Z',
        wrong: [{ questionId: 'leverage', explanation: 'At 1:20 the margin is 1/20 of it.' }],
      },
    });
    renderAt(<LiveOnboarding opening={false} openError={null} onOpen={vi.fn()} />);
    const groups = await screen.findAllByRole('group');
    expect(groups).toHaveLength(APPROPRIATENESS_QUESTIONS.length);
    fireEvent.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please answer every question');
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);

    for (const group of groups) fireEvent.click(within(group).getAllByRole('radio')[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'Send my answers' }));
    const result = await screen.findByRole('alert');
    expect(result.textContent).toContain('You answered 4 of 6 correctly; 5 are needed');
    expect(result.textContent).toContain(
      'You can keep trading on Demo and take the test again from',
    );
    expect(result.textContent).toContain('2. At 1:20 leverage, how much margin');
    expect(result.textContent).toContain('At 1:20 the margin is 1/20 of it.');
    const sent = api.requests.find((r) => r.path === '/api/trading/onboarding/appropriateness');
    expect(Object.keys((sent?.body as { answers: object }).answers)).toHaveLength(6);
  });

  it('opens the live account once every step is done', async () => {
    api.on('GET /api/trading/onboarding', {
      status: 200,
      body: {
        ...ACKNOWLEDGED,
        missingDocuments: [],
        test: {
          ...NEW_CLIENT.test,
          status: 'passed',
          takenAt: '2026-03-02T08:05:00.000Z',
          correct: 6,
        },
        ready: true,
      },
    });
    const onOpen = vi.fn();
    renderAt(<LiveOnboarding opening={false} openError={null} onOpen={onOpen} />);
    const open = await screen.findByRole('button', { name: 'Open a live account' });
    await waitFor(() => expect((open as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(open);
    expect(onOpen).toHaveBeenCalledOnce();
  });
});
