// The trading engine against the independent model (decision 123): random sequences of orders,
// pending orders with SL/TP/trailing, OCO pairs, modifications, cancels, partial and full closes
// and transfers on two demo accounts and one live account, interleaved with ticks (a random walk
// with the catalogue's spread, gaps sometimes, conversion pairs included), all through the real
// HTTP API. After every step the API and the model agree to the cent; at the end the ledger's
// invariants hold.
//
// Quick form in the normal run (15 runs, fixed seed). Long form: `npm run trading:property`
// (TRADING_PROPERTY_RUNS=500, a fresh seed it prints; TRADING_PROPERTY_SEED=<n> replays one).
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../modules/ledger/index.js';
import { createTestApp } from '../test-app.js';
import type { TestApp } from '../test-app.js';
import { PropertyRun } from './api-driver.js';
import { COVERAGE } from './property-bodies.js';
import { MODEL_SYMBOLS } from './model-specs.js';
import { actionArbitrary } from './property-actions.js';

const RUNS = Number(process.env.TRADING_PROPERTY_RUNS ?? '') || 15;
const SEED =
  Number(process.env.TRADING_PROPERTY_SEED ?? '') || (RUNS > 15 ? Date.now() % 2 ** 31 : 20261128);
/** Actions per run: 20 in the quick form, 40 in the long one. */
const STEPS = RUNS > 15 ? 40 : 20;
/** A Tuesday: every run stays inside 01:00–19:00 UTC, away from rollovers and the weekend. */
const DAY_START = '2026-03-03T01:00:00.000Z';
const DAY_END_MS = Date.parse('2026-03-03T19:00:00.000Z');
/** A fresh app every so many runs, so ticks do not evaluate the positions of ever more runs. */
const RUNS_PER_APP = 40;

let app: TestApp | null = null;
let runsOnApp = 0;

async function appForRun(): Promise<TestApp> {
  if (app && runsOnApp < RUNS_PER_APP && app.hub.now() < DAY_END_MS) {
    runsOnApp += 1;
    return app;
  }
  if (app) {
    await app.close();
  }
  app = await createTestApp({ startTime: DAY_START });
  runsOnApp = 1;
  return app;
}

/**
 * Ends the run flat: cancels every pending order, ticks every symbol (so none is stale) and
 * closes every position, each as a step compared like the others. Later runs' ticks then
 * cannot move this run's accounts behind the model's back.
 */
async function flatten(run: PropertyRun, first: number): Promise<void> {
  let index = first;
  for (const account of [0, 1, 2] as const) {
    const id = run.modelAccounts[account]!;
    const orders = [...run.model.orders.values()].filter(
      (o) => o.accountId === id && o.type !== 'market',
    );
    for (const [pick, order] of orders.entries()) {
      if (order.status === 'pending') await run.step({ kind: 'cancel', account, pick }, index++);
    }
  }
  for (const symbol of MODEL_SYMBOLS) {
    await run.step({ kind: 'tick', symbol, pips: 0, gap: 1, dtMs: 1 }, index++);
  }
  for (const account of [0, 1, 2] as const) {
    const id = run.modelAccounts[account]!;
    const positions = [...run.model.positions.values()].filter((p) => p.accountId === id);
    for (const [pick, position] of positions.entries()) {
      if (position.open) await run.step({ kind: 'close', account, pick, volume: null }, index++);
    }
  }
}

/** `ledger:check` after the run: no breach at all (flat accounts are protected, §11.12). */
async function expectLedgerWhole(run: PropertyRun): Promise<void> {
  expect(await checkLedger(run.t.database.db), 'ledger:check').toEqual([]);
}

afterAll(async () => {
  await app?.close();
});

describe('trading engine against the independent model (property)', () => {
  it(
    `agrees to the cent after every step, whatever clients do (${RUNS} runs, seed ${SEED})`,
    async () => {
      if (RUNS > 15) process.stdout.write(`trading property: ${RUNS} runs, seed ${SEED}\n`);
      /** The steps of the last run that failed: after shrinking, the smallest failing list. */
      let failing: string[] = [];
      try {
        await fc.assert(
          fc.asyncProperty(
            fc.array(actionArbitrary, { minLength: 1, maxLength: STEPS, size: 'max' }),
            async (actions) => {
              const run = new PropertyRun(await appForRun());
              try {
                await run.start();
                await run.compare('after opening the accounts');
                for (const [i, action] of actions.entries()) await run.step(action, i);
                await flatten(run, actions.length);
                await expectLedgerWhole(run);
              } catch (error) {
                failing = run.steps;
                throw error;
              }
            },
          ),
          { numRuns: RUNS, seed: SEED },
        );
      } catch (error) {
        process.stderr.write(
          `trading property failed (seed ${SEED}); the shrunk run's steps:\n${failing.join('\n')}\n`,
        );
        throw error;
      }
      if (RUNS > 15 || process.env.TRADING_PROPERTY_COVERAGE) {
        const lines = [...COVERAGE]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, n]) => `  ${k}: ${n}`);
        process.stdout.write(`trading property coverage:\n${lines.join('\n')}\n`);
      }
    },
    120_000 + RUNS * 20_000,
  );
});
