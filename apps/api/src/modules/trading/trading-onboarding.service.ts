// Live onboarding (issue 19, decision 132): what a client still needs for a Live account (a
// verified e-mail, approved documents, the current risk disclosure acknowledged, a passed
// appropriateness test), the acknowledgement and the test graded here, and the client's
// category (retail or professional) that staff set with a reason, audited.
import { AppError, MESSAGES } from '@brokerdesk/shared';
import {
  APPROPRIATENESS_PASS_MARK,
  APPROPRIATENESS_QUESTIONS,
  APPROPRIATENESS_RETAKE_HOURS,
  RISK_DISCLOSURE_VERSION,
} from '@brokerdesk/shared/trading';
import type {
  AppropriatenessBody,
  ClientCategory,
  ClientCategoryBody,
  LeverageCaps,
} from '@brokerdesk/shared/trading';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { isUuid } from '../../lib/ids.js';
import { recordAudit } from '../audit/index.js';
import type { StaffActor } from '../audit/index.js';
import { findMissingIdentityDocuments } from '../documents/index.js';
import { APPROPRIATENESS_KEY } from './appropriateness-key.js';
import {
  findClientEmailVerified,
  findLatestTest,
  findProfile,
  insertTest,
  lockProfile,
  setCategoryOfOpenAccounts,
  updateProfile,
} from './trading-onboarding.repo.js';
import type { TestRow } from './trading-onboarding.repo.js';
import { refusal } from './trading-requests.js';

const RETAKE_MS = APPROPRIATENESS_RETAKE_HOURS * 3_600_000;

function testView(test: TestRow | null) {
  if (!test) {
    return {
      status: 'not-taken' as const,
      takenAt: null,
      correct: null,
      total: APPROPRIATENESS_QUESTIONS.length,
      passMark: APPROPRIATENESS_PASS_MARK,
      retakeAt: null,
    };
  }
  return {
    status: test.passed ? ('passed' as const) : ('failed' as const),
    takenAt: test.takenAt.toISOString(),
    correct: test.correct,
    total: test.total,
    passMark: APPROPRIATENESS_PASS_MARK,
    retakeAt: test.passed ? null : new Date(test.takenAt.getTime() + RETAKE_MS).toISOString(),
  };
}

export function makeTradingOnboarding({
  db,
  clock,
  retailLeverageCaps,
}: {
  db: Db;
  /** The app's clock: when a disclosure is acknowledged, a test taken, a retake allowed. */
  clock: Clock;
  retailLeverageCaps: LeverageCaps;
}) {
  async function stateOf(clientId: string, emailVerified: boolean) {
    const [found, test, missing] = await Promise.all([
      findProfile(db, clientId),
      findLatestTest(db, clientId),
      findMissingIdentityDocuments(db, clientId),
    ]);
    const profile = found?.profile ?? null;
    const category: ClientCategory = profile?.category ?? 'retail';
    const disclosureCurrent = profile?.disclosureVersion === RISK_DISCLOSURE_VERSION;
    const tested = testView(test);
    return {
      emailVerified,
      missingDocuments: missing,
      disclosure: {
        version: RISK_DISCLOSURE_VERSION,
        acknowledgedVersion: profile?.disclosureVersion ?? null,
        acknowledgedAt: profile?.disclosureAcknowledgedAt?.toISOString() ?? null,
        current: disclosureCurrent,
      },
      test: tested,
      category,
      /** The caps a retail client's new positions open under (none for a professional). */
      retailLeverageCaps: category === 'retail' ? retailLeverageCaps : null,
      ready:
        emailVerified && missing.length === 0 && disclosureCurrent && tested.status === 'passed',
    };
  }

  /** After the e-mail and documents checks: 403 unless the disclosure and the test are done. */
  async function requireLiveReady(clientId: string): Promise<void> {
    const [found, test] = await Promise.all([
      findProfile(db, clientId),
      findLatestTest(db, clientId),
    ]);
    if (found?.profile.disclosureVersion !== RISK_DISCLOSURE_VERSION) {
      throw refusal('RISK_DISCLOSURE_REQUIRED');
    }
    if (!test?.passed) throw refusal('APPROPRIATENESS_REQUIRED');
  }

  /**
   * A new account's category, read under the profile's lock: a category change (which takes the
   * same lock) commits before or after it, never between the read and the account's insert.
   */
  async function categoryOf(tx: Db, clientId: string): Promise<ClientCategory> {
    return (await lockProfile(tx, clientId)).category;
  }

  async function acknowledgeDisclosure({
    clientId,
    emailVerified,
  }: {
    clientId: string;
    emailVerified: boolean;
  }) {
    await db.transaction(async (tx) => {
      const profile = await lockProfile(tx, clientId);
      // Acknowledging the same version again keeps the first time.
      if (profile.disclosureVersion === RISK_DISCLOSURE_VERSION) return;
      await updateProfile(tx, clientId, {
        disclosureVersion: RISK_DISCLOSURE_VERSION,
        disclosureAcknowledgedAt: clock.now(),
      });
    });
    return stateOf(clientId, emailVerified);
  }

  /** Graded here; a fail may be retaken after the cooling period, a pass is final. */
  async function submitTest({ clientId, answers }: { clientId: string } & AppropriatenessBody) {
    const stored = await db.transaction(async (tx) => {
      await lockProfile(tx, clientId); // one attempt at a time per client
      const latest = await findLatestTest(tx, clientId);
      const now = clock.now();
      if (latest?.passed) throw new AppError('CONFLICT', 'You have passed the test already');
      if (latest && now.getTime() < latest.takenAt.getTime() + RETAKE_MS) {
        throw refusal('RETAKE_TOO_SOON');
      }
      const correct = APPROPRIATENESS_QUESTIONS.filter(
        (q) => APPROPRIATENESS_KEY[q.id]?.answer === answers[q.id],
      ).length;
      return insertTest(tx, {
        clientId,
        answers,
        correct,
        total: APPROPRIATENESS_QUESTIONS.length,
        passed: correct >= APPROPRIATENESS_PASS_MARK,
        takenAt: now,
      });
    });
    return {
      ...testView(stored),
      // Which answers were wrong, with why; the right ones need no explaining.
      wrong: APPROPRIATENESS_QUESTIONS.filter(
        (q) => APPROPRIATENESS_KEY[q.id]?.answer !== answers[q.id],
      ).map((q) => ({
        questionId: q.id,
        explanation: APPROPRIATENESS_KEY[q.id]?.explanation ?? '',
      })),
    };
  }

  async function requireClient(clientId: string): Promise<boolean> {
    const verified = isUuid(clientId) ? await findClientEmailVerified(db, clientId) : null;
    if (verified === null) throw new AppError('NOT_FOUND', MESSAGES.money.clientNotFound);
    return verified;
  }

  /** The back office's view: the client's state and who last set the category, and why. */
  async function staffProfile(clientId: string) {
    const emailVerified = await requireClient(clientId);
    const found = await findProfile(db, clientId);
    const profile = found?.profile;
    return {
      ...(await stateOf(clientId, emailVerified)),
      categoryChange: profile?.categoryChangedAt
        ? {
            at: profile.categoryChangedAt.toISOString(),
            by: found?.changedByName ?? null,
            reason: profile.categoryReason ?? '',
          }
        : null,
    };
  }

  async function setCategory({
    staff,
    clientId,
    body,
  }: {
    staff: StaffActor;
    clientId: string;
    body: ClientCategoryBody;
  }) {
    await requireClient(clientId);
    await db.transaction(async (tx) => {
      const before = await lockProfile(tx, clientId);
      await updateProfile(tx, clientId, {
        category: body.category,
        categoryReason: body.reason,
        categoryChangedBy: staff.staffId,
        categoryChangedAt: clock.now(),
      });
      await setCategoryOfOpenAccounts(tx, clientId, body.category);
      await recordAudit(tx, staff, {
        action: 'trading.client_category',
        targetType: 'client',
        targetId: clientId,
        before: { category: before.category },
        after: { category: body.category, reason: body.reason },
      });
    });
    return staffProfile(clientId);
  }

  return {
    stateOf,
    requireLiveReady,
    categoryOf,
    acknowledgeDisclosure,
    submitTest,
    staffProfile,
    setCategory,
  };
}

export type TradingOnboarding = ReturnType<typeof makeTradingOnboarding>;
