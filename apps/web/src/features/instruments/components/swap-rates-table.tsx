// The /swaps page's rates: a separate chunk, imported when a visitor opens it. It asks the
// engine for the rates in force, since the dealing desk may change them (decision 130), and
// says which are the desk's and which the catalogue's illustrative defaults; if the engine
// cannot be reached it shows the defaults and says so.
import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { swapRows, type SwapRow } from '../spec-rows';
import { DataTable, type Column } from './data-table';

interface InstrumentRates {
  symbol: string;
  swapLongPoints: string;
  swapShortPoints: string;
}

type Rates = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; rows: SwapRow[] };

const COLUMNS: readonly Column<SwapRow>[] = [
  { header: 'Instrument', cell: (row) => row.instrument },
  { header: 'Buy (long)', cell: (row) => row.long },
  { header: 'Sell (short)', cell: (row) => row.short },
  { header: 'Set by', cell: (row) => row.source },
];

/** The catalogue's rows with the rates in force where the desk has set them. */
function inForce(catalogue: SwapRow[], rates: InstrumentRates[]): SwapRow[] {
  const bySymbol = new Map(rates.map((rate) => [rate.symbol, rate]));
  return catalogue.map((row) => {
    const rate = bySymbol.get(row.symbol);
    if (!rate || (rate.swapLongPoints === row.long && rate.swapShortPoints === row.short)) {
      return row;
    }
    return {
      ...row,
      long: rate.swapLongPoints,
      short: rate.swapShortPoints,
      source: 'Dealing desk',
    };
  });
}

export default function SwapRatesTable() {
  const [rates, setRates] = useState<Rates>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    apiRequest<InstrumentRates[]>('/api/trading/instruments', { signal: controller.signal }).then(
      (instruments) => setRates({ state: 'ready', rows: inForce(swapRows(), instruments) }),
      () => {
        if (!controller.signal.aborted) setRates({ state: 'failed' });
      },
    );
    return () => controller.abort();
  }, []);

  if (rates.state === 'loading') return <p role="status">Loading the rates in force…</p>;
  return (
    <DataTable
      caption={
        rates.state === 'ready'
          ? 'Swap rates in force, points per lot per night'
          : 'Swap rates, points per lot per night: illustrative defaults (the rates in force could not be loaded)'
      }
      columns={COLUMNS}
      rows={rates.state === 'ready' ? rates.rows : swapRows()}
      rowKey={(row) => row.symbol}
    />
  );
}
