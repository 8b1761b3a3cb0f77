// The company feature's public surface: the company pages' content (/about, /affiliate,
// /regulation, /safety), and what the legal pages reuse (the licence statement, figures).
export { AboutContent } from './about-content';
export { AffiliateContent } from './affiliate-content';
export { RegulationContent } from './regulation-content';
export { SafetyContent } from './safety-content';
export { LicenceStatement } from './licence-statement';
export { formatPercent, formatWholeAmount } from './format-figures';
