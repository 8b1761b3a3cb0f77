// Every route plugin, registered with the service it calls (the order is the OpenAPI
// document's and the authorisation matrix's).
import type { FastifyInstance } from 'fastify';
import { accountLinkRoutes } from '../modules/account-links/index.js';
import { activityRoutes } from '../modules/activity/index.js';
import { auditRoutes } from '../modules/audit/index.js';
import { clientRoutes, staffClientRoutes } from '../modules/clients/index.js';
import { documentRoutes } from '../modules/documents/index.js';
import { healthRoutes } from '../modules/health/index.js';
import { marketsRoutes } from '../modules/markets/index.js';
import { instrumentSettingsRoutes } from '../modules/instrument-settings/index.js';
import { tradingControlsRoutes } from '../modules/trading-controls/index.js';
import { moneyRoutes, staffMoneyRoutes } from '../modules/money/index.js';
import { overviewRoutes } from '../modules/overview/index.js';
import { pricesRoutes } from '../modules/prices/index.js';
import { referralRoutes, staffReferralRoutes } from '../modules/referrals/index.js';
import { reminderRoutes } from '../modules/reminders/index.js';
import { sessionRoutes } from '../modules/sessions/index.js';
import { staffInvitationRoutes, staffMembersRoutes, staffRoutes } from '../modules/staff/index.js';
import { subscriptionRoutes } from '../modules/subscriptions/index.js';
import { staffSupportRoutes, supportRoutes } from '../modules/support/index.js';
import { onboardingRoutes, staffTradingRoutes, tradingRoutes } from '../modules/trading/index.js';
import type { AuthRateLimit } from '../plugins/security.js';
import type { AppServices } from './services.js';

export async function registerRoutes(
  app: FastifyInstance,
  services: AppServices,
  { authRateLimit }: { authRateLimit: AuthRateLimit },
): Promise<void> {
  await app.register(healthRoutes, { service: services.health });
  await app.register(clientRoutes, { service: services.clients, authRateLimit });
  await app.register(staffRoutes, { service: services.staff, authRateLimit });
  await app.register(accountLinkRoutes, { service: services.accountLinks, authRateLimit });
  await app.register(sessionRoutes, { sessions: services.sessions });
  await app.register(reminderRoutes, { service: services.reminders });
  await app.register(staffMembersRoutes, { service: services.staffMembers });
  await app.register(staffInvitationRoutes, {
    service: services.staffInvitations,
    authRateLimit,
  });
  await app.register(marketsRoutes, { service: services.markets });
  await app.register(pricesRoutes, { service: services.prices });
  await app.register(activityRoutes, { service: services.activity });
  await app.register(supportRoutes, { service: services.support });
  await app.register(moneyRoutes, { service: services.money, queries: services.moneyQueries });
  await app.register(staffMoneyRoutes, { service: services.money, queries: services.moneyQueries });
  await app.register(subscriptionRoutes, { service: services.subscriptions });
  await app.register(referralRoutes, { service: services.referrals });
  await app.register(staffReferralRoutes, { service: services.referrals });
  await app.register(staffClientRoutes, { service: services.staffClients });
  await app.register(staffSupportRoutes, { service: services.staffSupport });
  await app.register(auditRoutes, { service: services.audit });
  await app.register(documentRoutes, { service: services.documents });
  await app.register(overviewRoutes, { service: services.overview });
  await app.register(tradingRoutes, { service: services.trading });
  await app.register(onboardingRoutes, { service: services.trading.onboarding });
  await app.register(staffTradingRoutes, { service: services.trading });
  await app.register(instrumentSettingsRoutes, { service: services.instrumentSettings });
  await app.register(tradingControlsRoutes, { service: services.tradingControls });
}
