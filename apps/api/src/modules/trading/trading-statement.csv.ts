// The trading statement as a CSV file (docs/trading.md "Statements"): RFC 4180 (CRLF, quoted
// cells where needed), UTF-8 with a byte order mark so Excel reads "·" and "“" as written.
// Line 1 says the prices are simulated (§11.1), line 2 is the header, then the opening balance,
// every movement oldest first, and the closing balance. Amounts are plain dollars with two
// decimals and a leading "-" for money out, written as numbers so a spreadsheet sums them.
// Text cells that begin like a formula (= + - @, tab, CR) get an apostrophe (lib/csv.ts): a
// staff note in a description is text a client did not write. Numbers are never prefixed: we
// formatted each one ourselves from integers, and "-12.34" is minus twelve, not a formula.
import { TRADING_MESSAGES, findSpec, statementFileName } from '@brokerdesk/shared/trading';
import { csvLine, csvNumber, plainDollars } from '../../lib/csv.js';
import type { Statement } from './trading-statement.service.js';

export const STATEMENT_CSV_HEADER = [
  'Time (UTC)',
  'Kind',
  'Description',
  'Instrument',
  'Side',
  'Volume (lots)',
  'Price',
  'Amount (USD)',
  'Balance (USD)',
] as const;

const KIND_WORDS = {
  deal: 'Deal',
  swap: 'Swap',
  protection: 'Protection',
  transfer: 'Transfer',
  correction: 'Correction',
} as const;

const ACCOUNT_WORDS = { demo: 'Demo', live: 'Live' } as const;

const BOM = '\uFEFF';

export function statementCsv(statement: Statement): string {
  const money = (minor: number) => csvNumber(plainDollars(minor));
  const account = `${ACCOUNT_WORDS[statement.account.kind]} account ${statement.account.id}`;
  const blank = ['', '', '', '', '', ''];
  const out = [
    csvLine([
      TRADING_MESSAGES.simulatedPrices,
      `Trading statement, ${account}, from ${statement.from} (included) to ${statement.to} (excluded); price source: ${statement.priceSource}`,
    ]),
    csvLine(STATEMENT_CSV_HEADER),
    csvLine([statement.from, 'Opening balance', ...blank, money(statement.openingBalanceMinor)]),
  ];
  for (const line of statement.lines) {
    out.push(
      csvLine([
        line.time,
        KIND_WORDS[line.kind],
        line.description,
        line.symbol ? (findSpec(line.symbol)?.displayName ?? line.symbol) : '',
        line.side ?? '',
        line.volume === null ? '' : csvNumber(line.volume),
        line.price === null ? '' : csvNumber(line.price),
        money(line.amountMinor),
        money(line.balanceAfterMinor),
      ]),
    );
  }
  out.push(
    csvLine([statement.to, 'Closing balance', ...blank, money(statement.closingBalanceMinor)]),
  );
  return BOM + out.join('');
}

/** The file a client downloads: its name (statementFileName, shared with the web) and text. */
export function statementCsvFile(statement: Statement): { fileName: string; text: string } {
  return {
    fileName: statementFileName({
      kind: statement.account.kind,
      from: statement.from,
      to: statement.to,
    }),
    text: statementCsv(statement),
  };
}
