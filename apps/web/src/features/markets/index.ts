// The markets feature's public surface: the home page's prices (ticker, widget, chart).
export { MarketsWidget } from './components/markets-widget';
export { PriceChart } from './components/price-chart';
export { PriceTicker } from './components/price-ticker';
export { useMarkets } from './hooks/use-markets';
