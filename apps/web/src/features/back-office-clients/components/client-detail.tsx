import { formatCents, MESSAGES, roleCan, type StaffClientDetail } from '@brokerdesk/shared';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DateTime } from '../../../components/ui/date-time';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { Pill } from '../../../components/ui/pill';
import { Skeleton } from '../../../components/ui/skeleton';
import { backOfficePaths } from '../../../config/back-office-paths';
import { ApiError } from '../../../lib/api-client';
import { PROFIT_PART_LABELS } from '../../../lib/transaction-text';
import { useAdminProfile } from '../../../api/get-admin-profile';
import { ActionNotice, useActionNotice } from '../../../components/ui/action-notice';
import { ClientDocuments } from '../../back-office-documents';
import { ClientReferralCommissions } from '../../back-office-referrals';
import { ClientTrading, ClientTradingProfileSection } from '../../back-office-trading';
import { useStaffClient } from '../api/get-staff-client';
import {
  ClientReferrals,
  ClientSessions,
  ClientSubscriptions,
  ClientTickets,
} from './client-activity';
import { ClientAccess } from './client-access';
import { ClientMail } from './client-mail';
import { ClientPosting } from './client-posting';
import { ClientStatement } from './client-statement';
import '../back-office-clients.css';

type Client = StaffClientDetail['client'];

function BackLink() {
  return (
    <Link to={backOfficePaths.adminClients} className="bo-client-back">
      ← All clients
    </Link>
  );
}

function Profile({ client }: { client: Client }) {
  const headingId = useId();
  const facts: [string, ReactNode][] = [
    ['Name', client.name],
    ['E-mail', client.email],
    ['Phone', client.phone || '—'],
    ['Country', client.country || '—'],
    ['Joined', <DateTime key="joined" value={client.joinedAt} withTime />],
    ['Verified', client.verified ? 'Yes' : 'No'],
    ['Referral code', client.referralCode || '—'],
    [
      'Referred by',
      client.referredBy ? (
        <Link key="referrer" to={backOfficePaths.adminClient(client.referredBy.id)}>
          {client.referredBy.name}
        </Link>
      ) : (
        '—'
      ),
    ],
  ];
  return (
    <section className="bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Profile</h2>
      <dl className="bo-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The client's money as their dashboard counts it: the live trading account is in Balance and
 * Available, and what trades realised is in Profit, whose parts say where it came from
 * ("Credited by staff", "Realised by trades"; decision 103).
 */
function Balances({ balances }: { balances: StaffClientDetail['balances'] }) {
  const headingId = useId();
  const figures: [string, number][] = [
    ['Balance', balances.balanceMinor],
    ['Available', balances.availableMinor],
    ['Held', balances.heldMinor],
    ['Live trading', balances.liveTradingMinor],
    ['Deposited', balances.depositedMinor],
    ['Profit', balances.profitMinor],
    ['Bonus', balances.bonusMinor],
    ['Ref. Bonus', balances.refBonusMinor],
  ];
  return (
    <section className="bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Balances</h2>
      <p className="bo-balances-note">
        Balance and Available include the live trading account, and Profit what trades realised. The
        client&rsquo;s dashboard shows Available as their balance.
      </p>
      <dl className="bo-balances">
        {figures.map(([label, cents], index) => (
          <div key={label} className={index === 0 ? 'bo-balance bo-balance--main' : 'bo-balance'}>
            <dt>{label}</dt>
            <dd>{formatCents(cents)}</dd>
            {label === 'Profit' && balances.profitParts.length > 0 ? (
              <dd className="bo-balance-parts">
                <ul aria-label="Where the profit came from">
                  {balances.profitParts.map((part) => (
                    <li key={part.source}>
                      {PROFIT_PART_LABELS[part.source]}:{' '}
                      <span className="bo-balance-part-amount">
                        {formatCents(part.amountMinor)}
                      </span>
                    </li>
                  ))}
                </ul>
              </dd>
            ) : null}
          </div>
        ))}
      </dl>
    </section>
  );
}

function DetailSkeleton() {
  return (
    <div aria-busy="true">
      <h1>
        <Skeleton size="lg" />
      </h1>
      <p>
        <Skeleton size="md" /> <Skeleton size="md" />
      </p>
      <p>
        <Skeleton size="lg" /> <Skeleton size="lg" /> <Skeleton size="lg" />
      </p>
    </div>
  );
}

/** /adminDashboard/clients/:clientId: everything about one client, with staff actions. */
export function ClientDetail({ clientId }: { clientId: string }) {
  const detail = useStaffClient(clientId);
  const role = useAdminProfile().data?.role;
  const canWriteClients = role !== undefined && roleCan(role, 'clients:write');
  const canDecide = role !== undefined && roleCan(role, 'money:write');
  const canCategorise = role !== undefined && roleCan(role, 'clients:categorise');
  const notice = useActionNotice();

  if (detail.isPending) {
    return (
      <div className="page-section bo-client">
        <BackLink />
        <DetailSkeleton />
      </div>
    );
  }

  if (detail.isError) {
    const notFound = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <div className="page-section bo-client">
        <BackLink />
        {notFound ? (
          <>
            <h1>{MESSAGES.money.clientNotFound}</h1>
            <p>There is no client with this id. It may have been mistyped.</p>
          </>
        ) : (
          <>
            <h1>Client</h1>
            <ErrorPanel
              error={detail.error}
              message="We could not load this client."
              onRetry={() => void detail.refetch()}
              retrying={detail.isFetching}
            />
          </>
        )}
      </div>
    );
  }

  const { client } = detail.data;
  return (
    <div className="page-section bo-client">
      <BackLink />
      <div className="bo-client-header">
        <h1>{client.name}</h1>
        {client.disabled ? <Pill tone="danger">Disabled</Pill> : <Pill tone="success">Active</Pill>}
      </div>
      <ActionNotice outcome={notice.outcome} noticeRef={notice.ref} />
      {canWriteClients ? (
        <ClientAccess
          clientId={client.id}
          name={client.name}
          disabled={client.disabled}
          onOutcome={notice.report}
        />
      ) : null}
      <Profile client={client} />
      <ClientMail
        clientId={client.id}
        verified={client.verified}
        canSend={canWriteClients}
        mails={detail.data.mails}
        onOutcome={notice.report}
      />
      <Balances balances={detail.data.balances} />
      {canDecide ? (
        <ClientPosting clientId={client.id} name={client.name} onOutcome={notice.report} />
      ) : null}
      <ClientStatement
        transactions={detail.data.transactions}
        canDecide={canDecide}
        onOutcome={notice.report}
      />
      <ClientSubscriptions subscriptions={detail.data.subscriptions} />
      <ClientTradingProfileSection
        clientId={client.id}
        canSetCategory={canCategorise}
        onOutcome={notice.report}
      />
      <ClientTrading clientId={client.id} />
      <ClientDocuments clientId={client.id} onOutcome={notice.report} />
      <ClientTickets tickets={detail.data.tickets} />
      <ClientReferrals referrals={detail.data.referrals} />
      <ClientReferralCommissions clientId={client.id} onOutcome={notice.report} />
      <ClientSessions sessions={detail.data.sessions} />
    </div>
  );
}
