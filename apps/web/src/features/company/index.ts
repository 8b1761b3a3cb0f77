// The company feature's public surface: what other features (the agreement on /terms) may use.
export { LicenceStatement } from './licence-statement';
export { formatPercent, formatWholeAmount } from './format-figures';
