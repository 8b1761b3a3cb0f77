// §11.11's refusals for a new (or modified) order, in the table's order: the first failure answers.
import { closeSidePrice, marginCents } from './model-money.js';
import { pendingPriceValid, stopsValid } from './model-rules.js';
import { modelSpec, readDecimal, type ModelSpec } from './model-specs.js';
import type { OrderRequest, Outcome } from './model-types.js';
import type { ModelState } from './model-state.js';

export interface CheckOptions {
  /** Already known (a modification keeps the order's volume). */
  volume?: number;
  /** A modification re-checks the price, and the margin at it, only when it changes it. */
  checkPrice?: boolean;
}

export function validateOrder(
  model: ModelState,
  accountId: number,
  request: OrderRequest,
  options: CheckOptions = {},
): Outcome<{ spec: ModelSpec; volume: number }> {
  const volume = options.volume ?? readDecimal(request.volume, 2);
  const pending = request.type !== 'market';
  if (volume === null) return { ok: false, codes: ['VALIDATION_FAILED'] };
  if (pending && request.price === undefined) return { ok: false, codes: ['VALIDATION_FAILED'] };
  if (
    pending &&
    request.timeInForce === 'GTD' &&
    (request.expiresAtMs === undefined || request.expiresAtMs <= model.now)
  ) {
    return { ok: false, codes: ['VALIDATION_FAILED'] };
  }
  const spec = modelSpec(request.symbol);
  if (!spec) return { ok: false, codes: ['UNKNOWN_INSTRUMENT'] };
  const rate = model.rateFor(spec);
  if (!model.tradable(spec.symbol) || rate === undefined) {
    return { ok: false, codes: ['MARKET_CLOSED'] };
  }
  if (volume < spec.minVolume || volume > spec.maxVolume || volume % spec.volumeStep !== 0) {
    return { ok: false, codes: ['INVALID_VOLUME'] };
  }
  const quote = model.quotes.get(spec.symbol)!;
  const checkPrice = options.checkPrice ?? true;
  if (
    pending &&
    checkPrice &&
    !pendingPriceValid(
      request.side,
      request.type as 'limit' | 'stop',
      request.price!,
      quote,
      spec.stopsLevel,
    )
  ) {
    return { ok: false, codes: ['INVALID_PRICE'] };
  }
  const stopsOk = stopsValid({
    side: request.side,
    reference: pending ? request.price! : closeSidePrice(request.side, quote),
    sl: request.sl ?? null,
    tp: request.tp ?? null,
    trailing: request.trailing ?? null,
    stopsLevel: spec.stopsLevel,
  });
  if (!stopsOk) return { ok: false, codes: ['INVALID_STOPS'] };
  if (!pending) {
    if (!model.marginAllowsFill({ side: request.side, volume, accountId }, spec, quote)) {
      return { ok: false, codes: ['INSUFFICIENT_MARGIN'] };
    }
  } else if (checkPrice) {
    const margin = marginCents({
      spec,
      volume,
      price: request.price!,
      rate,
      leverage: spec.leverage,
    });
    if (model.figures(accountId).freeMargin - margin <= 0) {
      return { ok: false, codes: ['INSUFFICIENT_MARGIN'] };
    }
  }
  return { ok: true, value: { spec, volume } };
}
