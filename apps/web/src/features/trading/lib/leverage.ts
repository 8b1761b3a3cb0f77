import { DEFAULT_RETAIL_LEVERAGE_CAPS, clientLeverage } from '@brokerdesk/shared/trading';
import type { InstrumentClass } from '@brokerdesk/shared/trading';
import type { Onboarding } from '../api/onboarding';
import type { TradingInstrument } from '../api/types';

/**
 * The instrument as this client's new positions open on it (decision 132): the desk's leverage,
 * and for a retail client at most the cap of its class. Unchanged until the category is known.
 */
export function forClient(
  instrument: TradingInstrument | undefined,
  onboarding: Pick<Onboarding, 'category' | 'retailLeverageCaps'> | undefined,
): TradingInstrument | undefined {
  if (!instrument || !onboarding) return instrument;
  const leverage = clientLeverage(
    { ...instrument, class: instrument.class as InstrumentClass },
    onboarding.category,
    onboarding.retailLeverageCaps ?? DEFAULT_RETAIL_LEVERAGE_CAPS,
  );
  return leverage === instrument.leverage ? instrument : { ...instrument, leverage };
}
