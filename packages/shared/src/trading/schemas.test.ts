// The §11.19 request schemas: shape only, with the messages a caller reads.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CandlesQuerySchema,
  ClosePositionBodySchema,
  DealsQuerySchema,
  ModifyPositionBodySchema,
  OpenAccountBodySchema,
  PlaceOrderBodySchema,
  TransferBodySchema,
} from '../schemas/trading.js';
import { NUL_CHARACTER_MESSAGE } from '../schemas/storable.js';
import { TRADING_MESSAGES as m } from './messages.js';

function issues(schema: z.ZodType, value: unknown): [string, string][] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
}

const market = { symbol: 'EURUSD', side: 'buy', type: 'market', volume: '0.10' };
const limit = { symbol: 'EURUSD', side: 'buy', type: 'limit', volume: '0.10', price: '1.09000' };

describe('PlaceOrderBodySchema', () => {
  it('accepts a market order, a pending order with stops and a GTD expiry, and an OCO pair', () => {
    expect(issues(PlaceOrderBodySchema, market)).toEqual([]);
    expect(
      issues(PlaceOrderBodySchema, {
        ...limit,
        sl: '1.08000',
        tp: null,
        trailingPoints: 50,
        timeInForce: 'GTD',
        expiresAt: '2026-12-01T12:00:00.000Z',
      }),
    ).toEqual([]);
    const stop = { ...limit, type: 'stop', price: '1.12000' };
    expect(issues(PlaceOrderBodySchema, { oco: true, orders: [limit, stop] })).toEqual([]);
  });

  it('names the field at fault with its message', () => {
    expect(issues(PlaceOrderBodySchema, { ...market, volume: '0.105' })).toEqual([
      ['volume', m.volumeFormat],
    ]);
    expect(issues(PlaceOrderBodySchema, { ...market, volume: 0.1 })).toEqual([
      ['volume', m.volumeFormat],
    ]);
    expect(issues(PlaceOrderBodySchema, { ...limit, price: '1e-5' })).toEqual([
      ['price', m.priceFormat],
    ]);
    expect(issues(PlaceOrderBodySchema, { ...limit, price: undefined })).toEqual([
      ['price', m.priceRequired],
    ]);
    expect(issues(PlaceOrderBodySchema, { ...market, price: '1.1' })).toEqual([
      ['price', m.priceNotAllowed],
    ]);
    expect(issues(PlaceOrderBodySchema, { ...limit, timeInForce: 'GTD' })).toEqual([
      ['expiresAt', m.expiresAtRequired],
    ]);
    expect(issues(PlaceOrderBodySchema, { ...limit, expiresAt: '2026-12-01T12:00:00Z' })).toEqual([
      ['expiresAt', m.expiresAtNotGtd],
    ]);
    expect(issues(PlaceOrderBodySchema, { ...market, side: 'long' })).toEqual([
      ['side', m.sideInvalid],
    ]);
    expect(issues(PlaceOrderBodySchema, { ...market, trailingPoints: 1.5 })).toEqual([
      ['trailingPoints', m.trailingFormat],
    ]);
  });

  it('refuses an OCO request that is not two pending orders of one instrument', () => {
    expect(issues(PlaceOrderBodySchema, { oco: true, orders: [limit] })).toEqual([
      ['orders', m.ocoPair],
    ]);
    expect(issues(PlaceOrderBodySchema, { oco: true, orders: [limit, market] })).toContainEqual([
      'orders',
      m.ocoPair,
    ]);
    const other = { ...limit, symbol: 'GBPUSD' };
    expect(issues(PlaceOrderBodySchema, { oco: true, orders: [limit, other] })).toEqual([
      ['orders', m.ocoPair],
    ]);
  });

  it('converts to JSON Schema for the OpenAPI document', () => {
    expect(() => z.toJSONSchema(PlaceOrderBodySchema, { io: 'input' })).not.toThrow();
  });
});

describe('other bodies and queries', () => {
  it('modify needs at least one field; null removes a stop', () => {
    expect(issues(ModifyPositionBodySchema, {})).toEqual([['', m.nothingToChange]]);
    expect(issues(ModifyPositionBodySchema, { sl: null })).toEqual([]);
  });

  it('close takes an optional volume and an absent body', () => {
    expect(issues(ClosePositionBodySchema, undefined)).toEqual([]);
    expect(issues(ClosePositionBodySchema, {})).toEqual([]);
    expect(issues(ClosePositionBodySchema, { volume: '0.05' })).toEqual([]);
    expect(issues(ClosePositionBodySchema, { volume: '0.055' })).toEqual([
      ['volume', m.volumeFormat],
    ]);
  });

  it('transfers whole cents in or out; accounts are demo or live', () => {
    expect(issues(TransferBodySchema, { direction: 'in', amountMinor: 50_000 })).toEqual([]);
    expect(issues(TransferBodySchema, { direction: 'in', amountMinor: 0.5 })).toEqual([
      ['amountMinor', m.amountInvalid],
    ]);
    expect(issues(OpenAccountBodySchema, { kind: 'ecn' })).toEqual([['kind', m.kindInvalid]]);
  });

  it('reads limits from the query string with defaults and a ceiling', () => {
    expect(CandlesQuerySchema.parse({ symbol: 'EURUSD', period: '1d', limit: '1000' }).limit).toBe(
      1000,
    );
    expect(issues(CandlesQuerySchema, { symbol: 'EURUSD', period: '1d', limit: '1001' })).toEqual([
      ['limit', m.limitInvalid],
    ]);
    expect(issues(CandlesQuerySchema, { symbol: 'EURUSD', period: '2h' })).toEqual([
      ['period', m.periodInvalid],
    ]);
    expect(DealsQuerySchema.parse({}).limit).toBe(50);
  });
});

describe('what the database could not store', () => {
  it('refuses a NUL character and an expiry PostgreSQL cannot hold', () => {
    expect(issues(PlaceOrderBodySchema, { ...market, symbol: 'EUR\u0000USD' })).toEqual([
      ['symbol', NUL_CHARACTER_MESSAGE],
    ]);
    expect(issues(DealsQuerySchema, { cursor: '1\u0000' })).toEqual([['cursor', m.cursorInvalid]]);
    expect(
      issues(PlaceOrderBodySchema, {
        ...limit,
        timeInForce: 'GTD',
        expiresAt: '0000-01-01T00:00:00Z',
      }),
    ).toEqual([['expiresAt', m.expiresAtFormat]]);
  });
});
