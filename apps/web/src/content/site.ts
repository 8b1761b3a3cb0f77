import { MONEY_RULES, PAYMENT_INSTRUCTIONS } from '@brokerdesk/shared';

// Operator content: the brand and every fact that could amount to a regulatory claim.
// docs/product.md §1.3: a licence, regulator or compensation scheme is only ever mentioned when it is
// configured here. The default install is a demonstration and claims none of them.

export interface Licence {
  /** e.g. "Cyprus Securities and Exchange Commission" */
  regulatorName: string | null;
  licenceNumber: string | null;
  /** Public register entry where a visitor can check the licence. */
  registerUrl: string | null;
  yearsLicensed: number | null;
  /** Investor compensation scheme, in the operator's words. */
  compensationText: string | null;
}

/** A client review shown on the home page. */
export interface Testimonial {
  name: string;
  country: string;
  text: string;
}

export interface PlatformDownloads {
  /** Links to the operator's trading apps; null hides that download button. */
  desktop: string | null;
  android: string | null;
  ios: string | null;
}

/** Where clients send deposits; shown on the deposit screen with a copy button. */
export interface PaymentInstructions {
  bitcoinAddress: string;
  /** Shown beside the instructions; a demo install must say funds are not to be sent. */
  notice: string | null;
}

/**
 * Marketing claims that are only true of an install whose operator makes them true (docs/product.md
 * §1). Each one is shown only when set here; unset, the page says what is true of this
 * install instead. The origin's wording is `ORIGIN_EXAMPLE_CLAIMS` below, ready to copy.
 */
export interface MarketingClaims {
  /** The why-choose-us card on how orders are executed, e.g. the origin's "Pure ECN". */
  execution?: { title: string; text: string } | null;
  /** "More than N assets" in the home banner; unset, it counts the instruments the site lists. */
  assetsMoreThan?: number | null;
  /** "More than N trading tools" in the four steps. */
  tradingToolsMoreThan?: number | null;
  /** "Clients from more than N countries" on /about; unset, the countries the form offers. */
  clientCountriesMoreThan?: number | null;
  /** Who gives the webinars, e.g. "live online sessions with our market analysts". */
  webinarSessions?: string | null;
  /** Plan extras that are services you provide (the catalogue's `services`, e.g. daily signals). */
  planServices?: boolean;
  /**
   * The origin's "Leverage of up to 1:100 is available to professional traders" on /risk: set it
   * to the leverage professionals really get (decision 132); unset, /risk says leverage depends on
   * the instrument and the client's category, and the order ticket shows it.
   */
  professionalLeverage?: number | null;
}

export interface SiteContent {
  companyName: string;
  licence: Licence | null;
  /**
   * Share of retail investor accounts that lose money trading CFDs with this provider, as the
   * operator measured it. null (the default): the footer and /risk show the origin's 54.6% marked
   * as an example figure, since a demonstration has no client accounts to measure.
   */
  riskWarningPercent: number | null;
  claims: MarketingClaims;
  supportEmail: string;
  /** A demonstration install: no real money, no regulated activity. */
  demo: boolean;
  /** Whose law governs the client agreement (/terms). */
  governingLaw: string;
  /** Minimum first deposit, in cents (the agreement's opening amount). */
  minimumDepositCents: number;
  /**
   * Reviews for the home page. The defaults are illustrative, and `testimonialsIllustrative`
   * makes the page say so; an operator replaces both with real, consented reviews.
   */
  testimonials: readonly Testimonial[];
  testimonialsIllustrative: boolean;
  downloads: PlatformDownloads;
  payments: PaymentInstructions;
}

/** The default: no claim the install cannot back (every field unset). */
export const NO_CLAIMS: MarketingClaims = {};

/**
 * The origin's claims, kept as the configured example (docs/configuration.md, "Operator content").
 * Copy it into `site.claims` only for the parts your business really offers.
 */
export const ORIGIN_EXAMPLE_CLAIMS: MarketingClaims = {
  execution: {
    title: 'Pure ECN',
    text: 'Orders are matched with liquidity providers directly, with spreads shown for each instrument.',
  },
  assetsMoreThan: 100,
  tradingToolsMoreThan: 250,
  clientCountriesMoreThan: 150,
  webinarSessions: 'live online sessions with our market analysts',
  planServices: true,
};

/** The origin's risk-warning figure, shown marked as an example until the operator sets theirs. */
export const EXAMPLE_RISK_WARNING_PERCENT = 54.6;

export const site: SiteContent = {
  companyName: 'BrokerDesk',
  licence: null,
  riskWarningPercent: null,
  claims: NO_CLAIMS,
  supportEmail: 'support@example.com',
  demo: true,
  governingLaw: 'the United States',
  // The API enforces the same figures: they live in @brokerdesk/shared's money rules.
  minimumDepositCents: MONEY_RULES.minimumFirstDepositCents,
  testimonialsIllustrative: true,
  testimonials: [
    {
      name: 'Example client A',
      country: 'Germany',
      text: 'The dashboard shows every deposit and bonus in one place, so I always know where my account stands.',
    },
    {
      name: 'Example client B',
      country: 'Kenya',
      text: 'Support answered my question about withdrawals the same day, in plain words.',
    },
    {
      name: 'Example client C',
      country: 'Brazil',
      text: 'Registering took a few minutes and the verification steps were explained clearly.',
    },
    {
      name: 'Example client D',
      country: 'Canada',
      text: 'I like that the fees for each payment method are listed before I choose one.',
    },
  ],
  downloads: { desktop: null, android: null, ios: null },
  // docs/product.md §1.3: the demo's instructions are marked, and the address is obviously not one.
  payments: PAYMENT_INSTRUCTIONS,
};
