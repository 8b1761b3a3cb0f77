import { formatCents } from '@brokerdesk/shared';
import { useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { VISUALLY_HIDDEN } from '../../../components/ui/visually-hidden';
import { actionFailureText } from '../../../components/ui/failure-text';
import { useOpenAccount, useResetDemo } from '../api/account-actions';
import type { AccountKind, TradingAccount } from '../api/types';
import { LiveOnboarding } from './live-onboarding';
import { TransferDialog } from './transfer-dialog';

export interface LiveAccountFigures {
  equityMinor: number;
  usedMarginMinor: number;
  freeMarginMinor: number;
  marginLevel: string | null;
  marginCall: boolean;
  stopOut: boolean;
}

/**
 * The account bar: the Demo/Live switch, the selected account's figures (balance from the
 * server, the rest at the live quotes), and its actions: open, reset (demo) and transfer (live).
 */
export function AccountBar({
  kind,
  onKindChange,
  account,
  figures,
  loading,
  announce,
}: {
  kind: AccountKind;
  onKindChange: (kind: AccountKind) => void;
  account: TradingAccount | undefined;
  figures: LiveAccountFigures | null;
  loading: boolean;
  announce: (text: string) => void;
}) {
  const headingId = useId();
  const open = useOpenAccount();
  const reset = useResetDemo();
  const [confirmReset, setConfirmReset] = useState(false);
  const [resetFailure, setResetFailure] = useState<string | null>(null);
  const [transferOpen, setTransferOpen] = useState(false);
  const resetRef = useRef<HTMLButtonElement>(null);
  const transferRef = useRef<HTMLButtonElement>(null);

  const openKind = () =>
    open.mutate(kind, {
      onSuccess: () =>
        announce(kind === 'demo' ? 'Your demo account is open.' : 'Your live account is open.'),
    });

  return (
    <section className="trade-account" aria-labelledby={headingId}>
      <h2 id={headingId} className={VISUALLY_HIDDEN}>
        Trading account
      </h2>
      <div className="trade-account-switch" role="group" aria-label="Account">
        {(['demo', 'live'] as const).map((k) => (
          <button
            key={k}
            type="button"
            className="trade-switch-button"
            aria-pressed={kind === k}
            onClick={() => {
              open.reset();
              onKindChange(k);
            }}
          >
            {k === 'demo' ? 'Demo' : 'Live'}
          </button>
        ))}
      </div>
      {loading ? (
        <p className="trade-note">Loading your account…</p>
      ) : account ? (
        <>
          <dl className="trade-account-figures">
            <div>
              <dt>Balance</dt>
              <dd>{formatCents(account.balanceMinor)}</dd>
            </div>
            <div>
              <dt>Equity</dt>
              <dd>{formatCents(figures?.equityMinor ?? account.equityMinor)}</dd>
            </div>
            <div>
              <dt>Margin</dt>
              <dd>{formatCents(figures?.usedMarginMinor ?? account.usedMarginMinor)}</dd>
            </div>
            <div>
              <dt>Free margin</dt>
              <dd>{formatCents(figures?.freeMarginMinor ?? account.freeMarginMinor)}</dd>
            </div>
            <div>
              <dt>Margin level</dt>
              <dd>
                {(figures ? figures.marginLevel : account.marginLevel) === null
                  ? '—'
                  : `${figures ? figures.marginLevel : account.marginLevel}%`}
              </dd>
            </div>
          </dl>
          <div className="trade-account-actions">
            {account.kind === 'demo' ? (
              <button
                ref={resetRef}
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setResetFailure(null);
                  setConfirmReset(true);
                }}
              >
                Reset demo
              </button>
            ) : (
              <button
                ref={transferRef}
                type="button"
                className="button button--secondary"
                onClick={() => setTransferOpen(true)}
              >
                Transfer
              </button>
            )}
          </div>
          {(figures?.marginCall ?? account.marginCall) ? (
            <p role="alert" className="trade-banner trade-banner--danger">
              Margin call: your equity is at or below the margin in use. New orders that add margin
              are refused; at a margin level of 20% positions are closed, largest loss first. Close
              positions or{' '}
              {account.kind === 'live' ? 'transfer funds in' : 'reset the demo account'}.
            </p>
          ) : null}
        </>
      ) : kind === 'live' ? (
        <LiveOnboarding opening={open.isPending} openError={open.error} onOpen={openKind} />
      ) : (
        <div className="trade-account-empty">
          <p>
            A demo account trades virtual money at the same prices and by the same rules, and never
            touches your real balance.
          </p>
          <button
            type="button"
            className="button button--primary"
            disabled={open.isPending}
            onClick={openKind}
          >
            {open.isPending ? 'Opening…' : 'Open a demo account'}
          </button>
          {open.error ? (
            <p role="alert" className="form-error">
              {actionFailureText(open.error, 'The account could not be opened. Please try again.')}
            </p>
          ) : null}
        </div>
      )}
      {confirmReset && account ? (
        <ConfirmDialog
          title="Reset the demo account?"
          confirmLabel="Reset demo"
          pendingLabel="Resetting…"
          pending={reset.isPending}
          failure={resetFailure}
          returnFocusRef={resetRef}
          onClose={() => setConfirmReset(false)}
          onConfirm={() =>
            reset.mutate(account.id, {
              onSuccess: () => {
                setConfirmReset(false);
                announce('Your demo account was reset to its starting balance.');
              },
              onError: (error) =>
                setResetFailure(actionFailureText(error, 'The reset failed. Please try again.')),
            })
          }
        >
          <p>
            Open positions and pending orders end without profit or loss, and a fresh demo account
            opens with its starting balance. The old account&apos;s history stays readable.
          </p>
        </ConfirmDialog>
      ) : null}
      {transferOpen && account ? (
        <TransferDialog
          account={account}
          returnFocusRef={transferRef}
          onClose={() => setTransferOpen(false)}
          announce={announce}
        />
      ) : null}
    </section>
  );
}
