// The trading benchmark's order book (bench/trading.mjs): demo accounts with pending orders and
// open positions whose levels sit far from the market, written directly in SQL the way the
// engine stores them (apps/api/src/db/tables/trading.ts), and the quotes the benchmark pushes.
// Prices here are integer points; the strings pushed to the manual source are formatted from
// them with the instrument's digits.

/**
 * The instruments the book and the ticks use: 24-hour forex pairs, gold, bitcoin and an index,
 * chosen so that every quote currency's conversion pair (§11.6) is among them and moves too.
 */
export const BOOK_SYMBOLS = [
  'EURUSD',
  'GBPUSD',
  'USDCHF',
  'USDJPY',
  'AUDUSD',
  'EURCHF',
  'EURGBP',
  'EURJPY',
  'NZDUSD',
  'USDCAD',
  'AUDCAD',
  'AUDCHF',
  'AUDJPY',
  'AUDNZD',
  'CADCHF',
  'CADJPY',
  'CHFJPY',
  'EURAUD',
  'EURCAD',
  'EURNZD',
  'GBPAUD',
  'GBPCAD',
  'GBPCHF',
  'GBPJPY',
  'XAUUSD',
  'BTCUSD',
  'USA500',
];

/** A demo account's stored balance: 100,000.00, far more than any margin here. */
const BALANCE_MINOR = 10_000_000;

/**
 * Each symbol's base bid in points (its catalogue reference, which is illustrative) and spread.
 * `findSpec` comes from @brokerdesk/shared/trading (loaded through tsx by the caller).
 */
export function bookInstruments(findSpec) {
  return BOOK_SYMBOLS.map((symbol) => {
    const spec = findSpec(symbol);
    if (!spec) throw new Error(`unknown symbol ${symbol}`);
    const base = Math.round(Number(spec.referencePrice) * 10 ** spec.digits);
    return { symbol, digits: spec.digits, base, spread: spec.spreadPoints, spec };
  });
}

/** Points as the decimal string the manual source takes. */
export function pointsText(points, digits) {
  const text = String(points).padStart(digits + 1, '0');
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * Seeds `accounts` clients, each with one open demo account, then `orders` pending orders and
 * `positions` open positions spread round-robin over the accounts and BOOK_SYMBOLS. Levels are
 * half and one and a half times the base price, so quotes near the base trigger nothing:
 * buy limit 0.5×, buy stop 1.5×, sell limit 1.5×, sell stop 0.5×; buy positions SL 0.5× TP 1.5×,
 * sell positions SL 1.5× TP 0.5×. `exec(text)` runs SQL. Returns the account ids in order.
 */
export async function seedBook(query, instruments, { accounts, orders, positions }) {
  const bases = `(values ${instruments
    .map((instrument, i) => `(${i}, '${instrument.symbol}', ${instrument.base}::bigint)`)
    .join(', ')}) as b(i, symbol, base)`;
  const n = instruments.length;
  await query(`
    insert into clients (first_name, last_name, email, phone, country, password_hash,
      referral_code, email_verified_at)
    select 'Bench', 'Trader ' || g, 'bench-trader-' || g || '@example.com', '447700900123',
      'United Kingdom', 'not-a-real-hash', 'bt' || lpad(g::text, 8, '0'), now()
    from generate_series(1, ${accounts}) g`);
  await query(`
    insert into trading_accounts (client_id, kind, balance_minor)
    select id, 'demo', ${BALANCE_MINOR} from clients
    where email like 'bench-trader-%@example.com'`);
  const ids = (
    await query(`
      select a.id from trading_accounts a join clients c on c.id = a.client_id
      where c.email like 'bench-trader-%@example.com'
      order by c.referral_code`)
  ).map((row) => row.id);
  const accountsArray = `array[${ids.map((id) => `'${id}'::uuid`).join(',')}]`;
  await query(`
    insert into trading_orders (account_id, symbol, side, type, volume, price, time_in_force,
      status, armed_seq)
    select (${accountsArray})[(g % ${accounts}) + 1], b.symbol,
      case when g % 4 < 2 then 'buy' else 'sell' end,
      case when g % 2 = 0 then 'limit' else 'stop' end,
      1 + (g % 10),
      case g % 4 when 0 then b.base / 2 when 1 then b.base * 3 / 2
        when 2 then b.base * 3 / 2 else b.base / 2 end,
      'GTC', 'pending', 0
    from generate_series(0, ${orders - 1}) g join ${bases} on b.i = g % ${n}`);
  await query(`
    insert into trading_positions (account_id, symbol, side, volume, open_price, open_time,
      open_tick_seq, stops_armed_seq, sl, tp, margin_minor, leverage, open_rate_num,
      open_rate_den)
    select (${accountsArray})[(g % ${accounts}) + 1], b.symbol,
      case when g % 2 = 0 then 'buy' else 'sell' end,
      1 + (g % 10), b.base, now(), 0, 0,
      case when g % 2 = 0 then b.base / 2 else b.base * 3 / 2 end,
      case when g % 2 = 0 then b.base * 3 / 2 else b.base / 2 end,
      1000, 200, '1', '1'
    from generate_series(0, ${positions - 1}) g join ${bases} on b.i = g % ${n}`);
  await query('analyze');
  return ids;
}

/** What the book holds now: pending orders and open positions (none may have moved). */
export async function bookState(query) {
  const [row] = await query(`
    select (select count(*) from trading_orders where status = 'pending')::int as pending,
      (select count(*) from trading_orders where status <> 'pending')::int as done,
      (select count(*) from trading_positions where status = 'open')::int as open,
      (select count(*) from trading_positions where status <> 'open')::int as closed,
      (select count(*) from trading_deals)::int as deals`);
  return row;
}

/**
 * A quote generator: `next()` gives the next instrument's quote in round-robin order, within a
 * few points of its base (a random walk that never strays near the book's levels).
 */
export function quoteWalk(instruments) {
  const offsets = instruments.map(() => 0);
  let i = 0;
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  return {
    next() {
      const k = i % instruments.length;
      i += 1;
      const instrument = instruments[k];
      const limit = Math.max(10, Math.round(instrument.base / 1000));
      offsets[k] = Math.max(-limit, Math.min(limit, offsets[k] + Math.round((random() - 0.5) * 6)));
      const bid = instrument.base + offsets[k];
      return { instrument, bid, ask: bid + instrument.spread };
    },
  };
}
