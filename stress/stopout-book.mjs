// The book of `npm run stress:stopout` (stress/stopout.mjs): live accounts with EUR/USD longs
// written directly in SQL the way the app stores them, and the outcome the risk rules must reach
// on them after the gap (docs/trading.md "Risk rules", §11.12), worked out in integers here.
//
// Money is cents, prices points, volumes centilots. EUR/USD quotes in USD (rate 1) with a
// contract of 100,000 and 5 digits, so a position's margin at 1:200 is ⌈volume × price / 200⌉
// and its P/L volume × (close − open), both exact.

import { prng } from '../bench/lib.mjs';

const LEVERAGE = 200;

/**
 * What the gap leaves each account, as r = equity after the gap / used margin, by share of the
 * accounts: untouched, margin call, stop-out leaving a positive balance, stop-out and negative
 * balance protection. The ranges stay clear of the thresholds (1 and 0.2).
 */
const BANDS = [
  { share: 0.1, low: 1.5, high: 4 },
  { share: 0.15, low: 0.3, high: 0.9 },
  { share: 0.35, low: 0.02, high: 0.18 },
  { share: 0.4, low: -1.5, high: -0.02 },
];

const marginOf = (volume, openAsk) => Math.ceil((volume * openAsk) / LEVERAGE);

/**
 * `accounts` accounts, each with 0.20 to 5.00 lots: every other one in two positions (65/35, so
 * the larger loss closes first and may be enough), the rest in one. The balance is what makes
 * the equity at the gap's bid r × used margin.
 */
export function planBook({ accounts, seed, openAsk, gapBid }) {
  const random = prng(seed);
  const plan = [];
  for (let g = 0; g < accounts; g += 1) {
    let pick = random();
    const band = BANDS.find((b) => (pick -= b.share) < 0) ?? BANDS.at(-1);
    const r = band.low + (band.high - band.low) * random();
    const total = 20 + Math.floor(random() * 481);
    const volumes =
      g % 2 === 0 ? [Math.ceil(total * 0.65), total - Math.ceil(total * 0.65)] : [total];
    const positions = volumes.map((volume) => ({ volume, marginMinor: marginOf(volume, openAsk) }));
    const used = positions.reduce((sum, p) => sum + p.marginMinor, 0);
    const loss = positions.reduce((sum, p) => sum + p.volume * (gapBid - openAsk), 0);
    const balanceMinor = Math.round(r * used - loss);
    if (balanceMinor <= 0) throw new Error(`account ${g}: balance ${balanceMinor} (test data)`);
    plan.push({ g, r: Math.round(r * 1000) / 1000, balanceMinor, positions, accountId: null });
  }
  return plan;
}

/**
 * The rules at the gap's bid, as trading-risk.ts applies them to one account: while 5 × equity
 * ≤ used margin, close the largest loss (ties: larger margin, then lower id — positions are
 * written in plan order); then the margin call on what is left; then the protection of a flat
 * account below zero.
 */
export function expectedOutcome(plan, gapBid) {
  const accounts = plan.map((account) => {
    let balance = account.balanceMinor;
    let open = account.positions.map((p, i) => ({
      ...p,
      i,
      pnl: p.volume * (gapBid - account.openAsk),
    }));
    const figures = () => {
      const used = open.reduce((sum, p) => sum + p.marginMinor, 0);
      const equity = balance + open.reduce((sum, p) => sum + p.pnl, 0);
      return { used, equity };
    };
    let stopOuts = 0;
    for (;;) {
      const { used, equity } = figures();
      if (!(used > 0 && 5 * equity <= used)) break;
      const next = [...open].sort(
        (a, b) => a.pnl - b.pnl || b.marginMinor - a.marginMinor || a.i - b.i,
      )[0];
      open = open.filter((p) => p !== next);
      balance += next.pnl;
      stopOuts += 1;
    }
    const { used, equity } = figures();
    return {
      accountId: account.accountId,
      r: account.r,
      stopOuts,
      marginCall: used > 0 && equity <= used,
      protection: open.length === 0 && balance < 0 ? -balance : 0,
    };
  });
  return {
    accounts,
    stopOutAccounts: accounts.filter((a) => a.stopOuts > 0).length,
    stopOutDeals: accounts.reduce((sum, a) => sum + a.stopOuts, 0),
    protections: accounts.filter((a) => a.protection > 0).length,
    marginCalls: accounts.filter((a) => a.marginCall).length,
  };
}

/**
 * Writes the plan in one transaction, as the app stores it:
 * - a client per account (e-mail stopout-<g>@example.com);
 * - the wallet funded by a posted bonus platform:bonus → client:<id>:cash (a completed 'bonus'
 *   statement line with its 'recorded' event), then moved wallet → live account by a posted
 *   trading_in transfer client:<id>:cash → client:<id>:trading (a completed 'transfer' debit
 *   line, as trading-accounts.service.ts transfer() records it), with the maintained totals
 *   (ledger_accounts, ledger_kind_totals) moved by the same sums, so ledger:check holds;
 * - the live trading account (balance_minor 0: a live balance is its ledger account's);
 * - its open buy positions at `openAsk`, at the latest logged tick, leverage 200, rate 1/1.
 * Sets each plan entry's accountId and openAsk. Returns the number of positions.
 */
export async function seedBook(sqlDb, plan, { openAsk, openTime }) {
  const [tick] = await sqlDb.query(
    `select max(seq)::int8 as seq from ticks where symbol = 'EURUSD'`,
  );
  const seq = Number(tick.seq);
  const g = plan.map((a) => a.g);
  const balances = plan.map((a) => a.balanceMinor);
  const posG = plan.flatMap((a) => a.positions.map(() => a.g));
  const posVolume = plan.flatMap((a) => a.positions.map((p) => p.volume));
  const posMargin = plan.flatMap((a) => a.positions.map((p) => p.marginMinor));
  const posOrder = plan.flatMap((a) => a.positions.map((_, i) => i));
  const total = balances.reduce((sum, b) => sum + b, 0);
  const at = new Date(openTime).toISOString();
  await sqlDb.query('begin');
  try {
    await sqlDb.query(
      `create temp table so_seed on commit drop as
       select s.g, s.balance, null::uuid as client_id, null::uuid as account_id,
         gen_random_uuid() as bonus_id, gen_random_uuid() as in_id
       from unnest($1::int[], $2::int8[]) as s(g, balance)`,
      [g, balances],
    );
    await sqlDb.query(`
      insert into clients (first_name, last_name, email, phone, country, password_hash,
        referral_code, email_verified_at)
      select 'Stopout', 'Trader ' || g, 'stopout-' || g || '@example.com', '447700900123',
        'United Kingdom', 'not-a-real-hash', 'so' || lpad(g::text, 8, '0'), now()
      from so_seed`);
    await sqlDb.query(`
      update so_seed s set client_id = c.id from clients c
      where c.email = 'stopout-' || s.g || '@example.com'`);
    await sqlDb.query(`
      insert into ledger_accounts (code, client_id) values ('platform:bonus', null)
      on conflict (code) do nothing`);
    await sqlDb.query(`
      insert into ledger_accounts (code, client_id, debits_posted, credits_posted)
      select 'client:' || client_id || ':cash', client_id, balance, balance from so_seed
      union all
      select 'client:' || client_id || ':trading', null, 0, balance from so_seed`);
    await sqlDb.query(
      `update ledger_accounts set debits_posted = debits_posted + $1::int8
        where code = 'platform:bonus'`,
      [total],
    );
    await sqlDb.query(`
      insert into ledger_transfers (id, debit_account_id, credit_account_id, amount_minor, kind,
        state, actor, created_at)
      select s.bonus_id, b.id, c.id, s.balance, 'bonus', 'posted', 'system',
        now() - interval '2 hours'
      from so_seed s
      join ledger_accounts c on c.code = 'client:' || s.client_id || ':cash'
      cross join (select id from ledger_accounts where code = 'platform:bonus') b`);
    await sqlDb.query(`
      insert into ledger_transfers (id, debit_account_id, credit_account_id, amount_minor, kind,
        state, idempotency_key, actor, created_at)
      select s.in_id, c.id, t.id, s.balance, 'trading_in', 'posted',
        'trading:seed:' || s.g, 'client:' || s.client_id, now() - interval '1 hour'
      from so_seed s
      join ledger_accounts c on c.code = 'client:' || s.client_id || ':cash'
      join ledger_accounts t on t.code = 'client:' || s.client_id || ':trading'`);
    await sqlDb.query(`
      with ct as (
        insert into client_transactions (client_id, type, direction, amount_minor, status,
          transfer_id, created_by, created_at, updated_at)
        select client_id, 'bonus', 'credit', balance, 'completed', bonus_id, 'system',
          now() - interval '2 hours', now() - interval '2 hours' from so_seed
        union all
        select client_id, 'transfer', 'debit', balance, 'completed', in_id,
          'client:' || client_id, now() - interval '1 hour', now() - interval '1 hour'
        from so_seed
        returning id, created_by, created_at)
      insert into client_transaction_events (transaction_id, kind, actor, created_at)
      select id, 'recorded', created_by, created_at from ct`);
    await sqlDb.query(
      `insert into ledger_kind_totals (account_id, kind, net_posted_minor)
       select id, 'bonus', -$1::int8 from ledger_accounts where code = 'platform:bonus'
       on conflict (account_id, kind)
       do update set net_posted_minor = ledger_kind_totals.net_posted_minor
         + excluded.net_posted_minor`,
      [total],
    );
    await sqlDb.query(`
      insert into ledger_kind_totals (account_id, kind, net_posted_minor)
      select c.id, k.kind, k.net from so_seed s
      join ledger_accounts c on c.code = 'client:' || s.client_id || ':cash'
      cross join lateral (values ('bonus', s.balance), ('trading_in', -s.balance)) k(kind, net)
      union all
      select t.id, 'trading_in', s.balance from so_seed s
      join ledger_accounts t on t.code = 'client:' || s.client_id || ':trading'`);
    await sqlDb.query(`
      insert into trading_accounts (client_id, kind, balance_minor)
      select client_id, 'live', 0 from so_seed`);
    await sqlDb.query(`
      update so_seed s set account_id = a.id from trading_accounts a
      where a.client_id = s.client_id and a.kind = 'live'`);
    await sqlDb.query(
      `insert into trading_positions (account_id, symbol, side, volume, open_price, open_time,
         open_tick_seq, stops_armed_seq, margin_minor, leverage, open_rate_num, open_rate_den)
       select s.account_id, 'EURUSD', 'buy', p.volume, $5::int8, $6::timestamptz, $7::int8,
         $7::int8, p.margin, 200, '1', '1'
       from unnest($1::int[], $2::int[], $3::int8[], $4::int[]) with ordinality
         as p(g, volume, margin, i, n)
       join so_seed s on s.g = p.g
       order by p.n`,
      [posG, posVolume, posMargin, posOrder, openAsk, at, seq],
    );
    const ids = await sqlDb.query(`select g, account_id from so_seed`);
    const byG = new Map(ids.map((row) => [Number(row.g), row.account_id]));
    for (const account of plan) {
      account.accountId = byG.get(account.g);
      account.openAsk = openAsk;
    }
    await sqlDb.query('commit');
  } catch (error) {
    await sqlDb.query('rollback');
    throw error;
  }
  await sqlDb.query('analyze');
  return { positions: posG.length };
}
