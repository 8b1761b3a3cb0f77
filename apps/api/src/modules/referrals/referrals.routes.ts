// The portal's referral page (PRODUCT.md §2, §10): the client's code and the clients who
// registered with it. Bonuses are credited where deposits are confirmed (transactions module).
import { MONEY_RULES, ReferralOverviewSchema, maskEmail } from '@brokerdesk/shared';
import type { ReferralOverview } from '@brokerdesk/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { clientTransactions, clients } from '../../db/schema.js';
import { requireClient } from '../../plugins/auth.js';

const REFERRALS_LIMIT = 500;

export async function getReferralOverview(db: Db, clientId: string): Promise<ReferralOverview> {
  const [me] = await db
    .select({ code: clients.referralCode })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  if (!me) return { code: '', bonusBp: MONEY_RULES.referralBonusBp, referrals: [] };

  // One query: each referred client with whether a deposit of theirs was confirmed.
  const funded = sql<boolean>`exists (select 1 from ${clientTransactions} where ${and(
    eq(clientTransactions.clientId, clients.id),
    eq(clientTransactions.type, 'deposit'),
    eq(clientTransactions.status, 'completed'),
  )})`;
  const rows = await db
    .select({
      firstName: clients.firstName,
      lastName: clients.lastName,
      email: clients.email,
      emailVerifiedAt: clients.emailVerifiedAt,
      createdAt: clients.createdAt,
      funded,
    })
    .from(clients)
    .where(eq(clients.referredBy, clientId))
    .orderBy(desc(clients.createdAt), desc(clients.id))
    .limit(REFERRALS_LIMIT);

  return {
    code: me.code,
    bonusBp: MONEY_RULES.referralBonusBp,
    referrals: rows.map((row) => ({
      name: `${row.firstName} ${row.lastName}`,
      emailMasked: maskEmail(row.email),
      status: row.funded ? 'Funded' : row.emailVerifiedAt ? 'Verified' : 'Registered',
      joinedAt: row.createdAt.toISOString(),
    })),
  };
}

export const referralRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/referrals',
    {
      config: { auth: 'client' },
      schema: {
        tags: ['clients'],
        security: [{ userToken: [] }],
        summary: "The client's referral code and the clients who registered with it",
        response: { 200: ReferralOverviewSchema },
      },
    },
    async (request) => getReferralOverview(db, requireClient(request).clientId),
  );
};
