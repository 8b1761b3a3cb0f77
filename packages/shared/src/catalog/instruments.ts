// Instrument tables carried over from the origin site (figures as published there).
export interface ForexInstrument {
  instrument: string;
  spread: string;
  leverage: string;
  tradingHours: string;
}
export interface ContractInstrument {
  instrument: string;
  spread: string;
  ecnSpread?: string;
  leverage: string;
  contractSize: string;
  minTrade: string;
}

export const FOREX_INSTRUMENTS: readonly ForexInstrument[] = [
  {
    instrument: 'EUR/USD',
    spread: '3(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'GBP/USD',
    spread: '3(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'USD/CHF',
    spread: '3(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'USD/JPY',
    spread: '3(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'AUD/USD',
    spread: '4(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'EUR/CHF',
    spread: '4(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'EUR/GBP',
    spread: '4(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'EUR/JPY',
    spread: '4(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'NZD/USD',
    spread: '4(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'USD/CAD',
    spread: '4(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'AUD/CAD',
    spread: '10(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'AUD/CHF',
    spread: '10(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'AUD/JPY',
    spread: '5(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'AUD/NZD',
    spread: '20(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'CAD/CHF',
    spread: '10(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'CAD/JPY',
    spread: '6(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'CHF/JPY',
    spread: '6(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'CHF/PLN',
    spread: '40(pips)',
    leverage: '1:200',
    tradingHours: '21:15 - 20:57',
  },
  {
    instrument: 'EUR/AUD',
    spread: '9(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'EUR/CAD',
    spread: '9(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'EUR/CZK',
    spread: '3.5(pips)',
    leverage: '1:100',
    tradingHours: '07:17 - 14:14',
  },
  {
    instrument: 'EUR/HUF',
    spread: '72(pips)',
    leverage: '1:200',
    tradingHours: '21:17 - 20:57',
  },
  {
    instrument: 'EUR/NOK',
    spread: '40(pips)',
    leverage: '1:200',
    tradingHours: '21:15 - 20:57',
  },
  {
    instrument: 'EUR/NZD',
    spread: '20(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'EUR/PLN',
    spread: '35(pips)',
    leverage: '1:200',
    tradingHours: '21:15 - 20:57',
  },
  {
    instrument: 'EUR/SEK',
    spread: '50(pips)',
    leverage: '1:200',
    tradingHours: '21:15 - 20:57',
  },
  {
    instrument: 'EUR/TRY',
    spread: '30(pips)',
    leverage: '1:100',
    tradingHours: '21:05 - 20:55',
  },
  {
    instrument: 'EUR/RON',
    spread: '250(pips)',
    leverage: '1:200',
    tradingHours: '07:20 - 11:55',
  },
  {
    instrument: 'EUR/RUB',
    spread: '100(pips)',
    leverage: '1:25',
    tradingHours: '07:05 - 16:00',
  },
  {
    instrument: 'GBP/AUD',
    spread: '9(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'GBP/CAD',
    spread: '12(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'GBP/CHF',
    spread: '8(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'GBP/JPY',
    spread: '7(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'GBP/NZD',
    spread: '25(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'GBP/RON',
    spread: '250(pips)',
    leverage: '1:200',
    tradingHours: '07:20 - 11:55',
  },
  {
    instrument: 'GBP/SGD',
    spread: '30(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'NZD/CAD',
    spread: '10(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'NZD/CHF',
    spread: '10(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'NZD/JPY',
    spread: '7(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'USD/CZK',
    spread: '3(pips)',
    leverage: '1:100',
    tradingHours: '07:17 - 14:14',
  },
  {
    instrument: 'USD/DKK',
    spread: '20(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'USD/HUF',
    spread: '75(pips)',
    leverage: '1:200',
    tradingHours: '21:17 - 20:57',
  },
  {
    instrument: 'USD/MXN',
    spread: '10(pips)',
    leverage: '1:50',
    tradingHours: '24h',
  },
  {
    instrument: 'USD/NOK',
    spread: '50(pips)',
    leverage: '1:200',
    tradingHours: '21:15 - 21:57',
  },
  {
    instrument: 'USD/PLN',
    spread: '30(pips)',
    leverage: '1:200',
    tradingHours: '21:15 - 20:57',
  },
  {
    instrument: 'USD/SEK',
    spread: '50(pips)',
    leverage: '1:200',
    tradingHours: '21:15 - 20:57',
  },
  {
    instrument: 'USD/SGD',
    spread: '8(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'USD/TRY',
    spread: '30(pips)',
    leverage: '1:100',
    tradingHours: '24h',
  },
  {
    instrument: 'USD/ZAR',
    spread: '12(pips)',
    leverage: '1:200',
    tradingHours: '24h',
  },
  {
    instrument: 'USD/RUB',
    spread: '75(pips)',
    leverage: '1:25',
    tradingHours: '07:05 - 16:00',
  },
  {
    instrument: 'USD/RON',
    spread: '200(pips)',
    leverage: '1:200',
    tradingHours: '07:20 - 11:55',
  },
  {
    instrument: 'USD/BRL',
    spread: '60(pips)',
    leverage: '1:50',
    tradingHours: '13:05 - 19:54',
  },
  {
    instrument: 'USD/INR',
    spread: '100(pips)',
    leverage: '1:50',
    tradingHours: '03:45 - 09:59',
  },
  {
    instrument: 'USD/CNH',
    spread: '25(pips)',
    leverage: '1:50',
    tradingHours: '24h',
  },
  {
    instrument: 'BP/TRY',
    spread: '30(pips)',
    leverage: '1:100',
    tradingHours: '24h',
  },
  {
    instrument: 'USD/ILS',
    spread: '80(pips)',
    leverage: '1:200',
    tradingHours: '05:00 -15:00',
  },
  {
    instrument: 'GBP/ILS',
    spread: '110(pips)',
    leverage: '1:200',
    tradingHours: '05:00 -15:00',
  },
  {
    instrument: 'EUR/ILS',
    spread: '80(pips)',
    leverage: '1:200',
    tradingHours: '05:00 -15:00',
  },
  {
    instrument: 'BTC/USD',
    spread: '240(pips)',
    leverage: '1:2',
    tradingHours: '24h',
  },
];

export const ENERGY_AND_METALS: readonly ContractInstrument[] = [
  {
    instrument: 'UKOIL',
    spread: '6',
    ecnSpread: '3',
    leverage: '1:10',
    contractSize: '100',
    minTrade: '0.1',
  },
  {
    instrument: 'USOIL',
    spread: '6',
    ecnSpread: '3',
    leverage: '1:10',
    contractSize: '100',
    minTrade: '0.1',
  },
];

export const COMMODITY_FUTURES: readonly ContractInstrument[] = [
  {
    instrument: 'GOLD: XAUEUR',
    spread: '60',
    leverage: '1:50',
    contractSize: '100',
    minTrade: '0.1',
  },
  {
    instrument: 'GOLD: XAUUSD',
    spread: '60',
    leverage: '1:50',
    contractSize: '100',
    minTrade: '0.1',
  },
  {
    instrument: 'SILVER: XAGEUR',
    spread: '5',
    leverage: '1:50',
    contractSize: '100',
    minTrade: '0.1',
  },
  {
    instrument: 'SILVER: XAGUSD',
    spread: '5',
    leverage: '1:50',
    contractSize: '100',
    minTrade: '0.1',
  },
];

export const SHARE_INDEXES: readonly ContractInstrument[] = [
  {
    instrument: 'AUS200',
    spread: '6',
    ecnSpread: '2',
    leverage: '1:20',
    contractSize: '1 Contract',
    minTrade: '0.01',
  },
  {
    instrument: 'CAC40',
    spread: '3',
    ecnSpread: '1.3',
    leverage: '1:20',
    contractSize: '1 Contract',
    minTrade: '0.01',
  },
  {
    instrument: 'DAX30',
    spread: '3',
    ecnSpread: '1.5',
    leverage: '1:20',
    contractSize: '1 Contract',
    minTrade: '0.01',
  },
  {
    instrument: 'FTSE100',
    spread: '3',
    ecnSpread: '1.3',
    leverage: '1:20',
    contractSize: '1 Contract',
    minTrade: '0.01',
  },
  {
    instrument: 'JPN225',
    spread: '2',
    ecnSpread: '8',
    leverage: '1:20',
    contractSize: '1 Contract',
    minTrade: '0.01',
  },
  {
    instrument: 'USA100',
    spread: '3',
    ecnSpread: '1',
    leverage: '1:20',
    contractSize: '1 Contract',
    minTrade: '0.01',
  },
  {
    instrument: 'USA30',
    spread: '4',
    ecnSpread: '3',
    leverage: '1:20',
    contractSize: '1 Contract',
    minTrade: '0.01',
  },
  {
    instrument: 'USA500',
    spread: '2',
    ecnSpread: '1',
    leverage: '1:20',
    contractSize: '1 Contract',
    minTrade: '0.01',
  },
];

/**
 * How many instruments the trade pages list (forex, energy and metals, futures, indexes), each
 * name counted once. The home page states this number rather than the origin's unbacked "more
 * than 100 assets" (docs/decisions/105-claims-from-configuration.md). A literal, so the home page
 * does not bundle the tables to count them; catalog.test.ts checks it against the tables.
 */
export const LISTED_INSTRUMENT_COUNT = 73;
