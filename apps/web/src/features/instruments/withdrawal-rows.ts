// The two tables of /withdrawal (docs/origin.md §9 "Payments") from the origin's WITHDRAWAL_TABLES, with
// its empty columns and the 'Fund your account' button column dropped, names spelled as on the
// payment page, and the origin's typo 'Account manger inquiry' corrected.
import { WITHDRAWAL_TABLES } from '@brokerdesk/shared';

export interface FeeRow {
  method: string;
  processTime: string;
  fee: string;
}

const NAME_FIXES: Record<string, string> = { 'Qiwi Wallet': 'QiWi Wallet' };
const fixName = (name: string) => NAME_FIXES[name.trim()] ?? name.trim();
const fixFee = (fee: string) => fee.trim().replace(/\bmanger\b/, 'manager');

function toRows(table: { readonly rows: readonly (readonly string[])[] }): FeeRow[] {
  return table.rows.map((cells) => {
    // Origin layout: ['', method, process time, fees, (button)].
    const [, method = '', processTime = '', fee = ''] = cells;
    return { method: fixName(method), processTime: processTime.trim(), fee: fixFee(fee) };
  });
}

const [depositTable, withdrawalTable] = WITHDRAWAL_TABLES;

export const depositFeeRows: readonly FeeRow[] = toRows(depositTable);
export const withdrawalFeeRows: readonly FeeRow[] = toRows(withdrawalTable);
