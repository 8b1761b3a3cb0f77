// The statement's CSV cells (trading-statement.csv.ts): text that begins like a formula is
// guarded with an apostrophe, a negative amount is written as a number, and the first line says
// the prices are simulated. Pure: no database (the HTTP answer is in trading.statement.test.ts).
import { describe, expect, it } from 'vitest';
import { csvLine, csvNumber } from '../../lib/csv.js';
import { statementCsv, statementCsvFile } from './trading-statement.csv.js';
import type { Statement } from './trading-statement.service.js';

const STATEMENT: Statement = {
  account: { id: 'a1', kind: 'demo' },
  from: '2026-03-01T08:30:00.000Z',
  to: '2026-03-02T08:30:00.000Z',
  openingBalanceMinor: -5,
  closingBalanceMinor: -1_239,
  priceSource: 'simulated',
  lines: [
    {
      time: '2026-03-01T09:00:00.000Z',
      kind: 'deal',
      description: '=HYPERLINK("http://evil.example","click")',
      symbol: 'EURUSD',
      side: 'sell',
      volume: '0.10',
      price: '1.10000',
      amountMinor: -1_234,
      balanceAfterMinor: -1_239,
    },
  ],
};

describe('the statement CSV', () => {
  it('guards text cells that begin like a formula, but writes negative numbers as numbers', () => {
    const [first, header, opening, line, closing, end] = statementCsv(STATEMENT).split('\r\n');
    expect(first).toBe(
      '\uFEFFSimulated prices,"Trading statement, Demo account a1, from 2026-03-01T08:30:00.000Z (included) to 2026-03-02T08:30:00.000Z (excluded); price source: simulated"',
    );
    expect(header).toBe(
      'Time (UTC),Kind,Description,Instrument,Side,Volume (lots),Price,Amount (USD),Balance (USD)',
    );
    expect(opening).toBe('2026-03-01T08:30:00.000Z,Opening balance,,,,,,,-0.05');
    expect(line).toBe(
      `2026-03-01T09:00:00.000Z,Deal,"'=HYPERLINK(""http://evil.example"",""click"")",EUR/USD,sell,0.10,1.10000,-12.34,-12.39`,
    );
    expect(closing).toBe('2026-03-02T08:30:00.000Z,Closing balance,,,,,,,-12.39');
    expect(end).toBe('');
  });

  it('names the file by kind and period: whole UTC days as dates, else the exact instants', () => {
    expect(statementCsvFile(STATEMENT).fileName).toBe(
      'statement-demo-20260301T083000Z-20260302T083000Z.csv',
    );
    expect(
      statementCsvFile({
        ...STATEMENT,
        account: { id: 'a1', kind: 'live' },
        from: '2026-03-01T00:00:00.000Z',
        to: '2026-04-01T00:00:00.000Z',
      }).fileName,
    ).toBe('statement-live-2026-03-01-2026-03-31.csv');
  });

  it('refuses to write text as a number, and guards a text cell that starts with a minus', () => {
    expect(() => csvNumber('-1+1')).toThrow(TypeError);
    expect(() => csvNumber('=1')).toThrow(TypeError);
    expect(csvLine(['-1', csvNumber('-1.00'), '@x', '+y'])).toBe("'-1,-1.00,'@x,'+y\r\n");
  });
});
