// Deal corrections (issue 19, decision 136): the dealing desk sets the price a deal should have
// been filled at — a quote that slipped past the bad-tick filter, a feed error — with a reason
// the client sees. Correcting a close recomputes its P/L; correcting an opening deal moves the
// position's open price (and its margin while open) and recomputes the P/L of every close of
// it. Each P/L that changes is reversed and posted again at the correction's time, through the
// ledger for a live account, and the risk rules then run as after any balance change. The
// client is mailed the correction in the same transaction.
import { AppError } from '@brokerdesk/shared';
import {
  TRADING_MESSAGES,
  conversionRate,
  formatLots,
  formatPoints,
  pnlMinor,
  sideText,
} from '@brokerdesk/shared/trading';
import type { Rational, StaffCorrectDealBody } from '@brokerdesk/shared/trading';
import type { Db } from '../../db/client.js';
import { recordAudit } from '../audit/index.js';
import type { StaffActor } from '../audit/index.js';
import type { MailService } from '../mail/index.js';
import {
  dealsNow,
  findDeal,
  findDealOwner,
  insertAdjustment,
  insertCorrection,
  listClosingDeals,
  lockPosition,
  setPositionOpenPrice,
} from './trading-corrections.repo.js';
import type { AdjustmentRow, CorrectionRow } from './trading-corrections.repo.js';
import type { TradingContext } from './trading-context.js';
import { marginOfPosition } from './trading-market.js';
import type { DealRow } from './trading-positions.repo.js';
import { invalid, parseId, pointsOf } from './trading-requests.js';
import type { StoredAnswer } from './trading-requests.js';
import type { AccountRow } from './trading.repo.js';
import { specOf } from './trading-specs.js';
import { toDealView } from './trading.view.js';
import type { DealView } from './trading.view.js';

const dealNotFound = () => new AppError('NOT_FOUND', TRADING_MESSAGES.dealNotFound);

/**
 * The conversion rate a close's P/L was computed with: kept on the deal, or 1 for an instrument
 * quoted in US dollars. A close of another instrument made before rates were kept has none.
 */
function rateOfDeal(deal: DealRow): Rational {
  if (deal.rateNum !== null && deal.rateDen !== null) {
    return { num: BigInt(deal.rateNum), den: BigInt(deal.rateDen) };
  }
  const usd = conversionRate(specOf(deal.symbol).quote, () => undefined);
  if (!usd) throw new AppError('CONFLICT', TRADING_MESSAGES.correctionNoRate);
  return usd;
}

/** Deals as they stand after any correction, in one query per kind of correction. */
export async function viewsOfDeals(db: Db, deals: readonly DealRow[]): Promise<DealView[]> {
  const now = await dealsNow(
    db,
    deals.map((deal) => deal.id),
  );
  return deals.map((deal) => toDealView(deal, now.get(deal.id)));
}

export function makeDealCorrections(
  context: TradingContext,
  mail: Pick<MailService, 'queueForClient'>,
) {
  const { db, runner, effects } = context;

  /** Reverses a close's P/L now and posts the new one: two movements, each its own key. */
  async function adjust(
    tx: Db,
    account: AccountRow,
    correction: CorrectionRow,
    deal: DealRow,
    pnl: { old: number; new: number },
  ): Promise<AdjustmentRow> {
    const post = (amountMinor: number, leg: 'reversal' | 'posting') =>
      amountMinor === 0
        ? null
        : effects.postToBalance(tx, account, {
            amountMinor,
            platform: 'platform:dealing',
            kind: 'trade_pnl',
            key: `correction:${correction.id}:${deal.id}:${leg}`,
          });
    return insertAdjustment(tx, {
      correctionId: correction.id,
      accountId: account.id,
      dealId: deal.id,
      oldPnlMinor: pnl.old,
      newPnlMinor: pnl.new,
      time: correction.time,
      reversalTransferId: await post(-pnl.old, 'reversal'),
      postingTransferId: await post(pnl.new, 'posting'),
    });
  }

  async function correctUnderLock(
    tx: Db,
    account: AccountRow,
    staff: StaffActor,
    dealId: number,
    body: StaffCorrectDealBody,
  ): Promise<StoredAnswer> {
    const deal = await findDeal(tx, account.id, dealId);
    if (!deal) throw dealNotFound();
    // A demo reset ends positions at no price: there is nothing to correct.
    if (deal.tickSeq === null) throw new AppError('CONFLICT', TRADING_MESSAGES.correctionNoPrice);
    const spec = specOf(deal.symbol);
    const price = pointsOf(body.price, spec.digits, 'price');
    if (price === null) throw invalid('price', TRADING_MESSAGES.priceFormat);
    const position = await lockPosition(tx, deal.positionId);
    const closes = deal.entry === 'in' ? await listClosingDeals(tx, position.id) : [deal];
    const now = await dealsNow(tx, [deal.id, ...closes.map((close) => close.id)]);
    const priceNow = (of: DealRow) => now.get(of.id)?.price ?? of.price;
    const oldPrice = priceNow(deal);
    if (price === oldPrice) throw invalid('price', TRADING_MESSAGES.correctionSamePrice);
    const market = context.market();
    const correction = await insertCorrection(tx, {
      accountId: account.id,
      dealId: deal.id,
      oldPrice,
      newPrice: price,
      reason: body.reason,
      correctedBy: staff.staffId,
      time: new Date(market.nowMs),
    });
    const openPrice = deal.entry === 'in' ? price : position.openPrice;
    if (deal.entry === 'in') {
      const marginMinor =
        position.status === 'open'
          ? marginOfPosition({ ...position, openPrice }, position.volume)
          : position.marginMinor;
      await setPositionOpenPrice(tx, position, { openPrice, marginMinor });
    }
    const adjustments: AdjustmentRow[] = [];
    for (const close of closes) {
      const pnl = {
        old: now.get(close.id)?.pnlMinor ?? close.pnlMinor,
        new: pnlMinor({
          spec,
          side: close.side,
          volume: close.volume,
          openPrice,
          closePrice: close.id === deal.id ? price : priceNow(close),
          rate: rateOfDeal(close),
        }),
      };
      if (pnl.new !== pnl.old) adjustments.push(await adjust(tx, account, correction, close, pnl));
    }
    await context.afterAccountChange(tx, account.id, market);
    // Always mailed, whatever the client's confirmations: staff moved money on their account.
    const digits = spec.digits;
    await mail.queueForClient(tx, account.clientId, (client, templates) =>
      templates.dealCorrection({
        firstName: client.firstName,
        accountLabel: account.kind === 'live' ? 'Live' : 'Demo',
        dealId: deal.id,
        what: `${deal.entry === 'in' ? 'opened' : 'closed'} ${sideText(deal.side)} ${formatLots(deal.volume)} ${deal.symbol}`,
        oldPrice: formatPoints(oldPrice, digits),
        newPrice: formatPoints(price, digits),
        reason: body.reason,
        pnl: adjustments.map((row) => ({
          dealId: row.dealId,
          oldMinor: row.oldPnlMinor,
          newMinor: row.newPnlMinor,
        })),
        pricesLabel: TRADING_MESSAGES.simulatedPrices,
      }),
    );
    // The deal as it stands now, known without reading it again: this correction is its newest.
    const dealNow = {
      price,
      pnlMinor:
        adjustments.find((row) => row.dealId === deal.id)?.newPnlMinor ??
        now.get(deal.id)?.pnlMinor ??
        null,
      reason: body.reason,
      time: correction.time,
    };
    const moved = adjustments.map((row) => ({
      dealId: String(row.dealId),
      oldPnlMinor: row.oldPnlMinor,
      newPnlMinor: row.newPnlMinor,
    }));
    await recordAudit(tx, staff, {
      action: 'trading.deal_correct',
      targetType: 'client',
      targetId: account.clientId,
      before: { price: String(oldPrice) },
      after: {
        accountId: account.id,
        dealId: String(deal.id),
        positionId: String(deal.positionId),
        symbol: deal.symbol,
        entry: deal.entry,
        price: String(price),
        reason: body.reason,
        adjustments: moved,
      },
    });
    return {
      status: 200,
      body: {
        deal: toDealView(deal, dealNow),
        adjustments: moved,
      },
    };
  }

  /** POST /api/staff/trading/deals/:dealId/correct, idempotent per the deal's account and key. */
  async function correctDeal({
    staff,
    dealId,
    key,
    body,
  }: {
    staff: StaffActor;
    dealId: string;
    key: string;
    body: StaffCorrectDealBody;
  }): Promise<StoredAnswer> {
    const id = parseId(dealId);
    const owner = id === null ? null : await findDealOwner(db, id);
    if (id === null || !owner) throw dealNotFound();
    return runner.run(
      {
        clientId: owner.clientId,
        accountId: owner.accountId,
        key,
        what: `staff-correct-deal:${dealId}`,
        body,
      },
      (tx, account) => correctUnderLock(tx, account, staff, id, body),
    );
  }

  return { correctDeal };
}

export type DealCorrections = ReturnType<typeof makeDealCorrections>;
