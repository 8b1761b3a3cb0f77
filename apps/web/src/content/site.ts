// Operator content: the brand and every fact that could amount to a regulatory claim.
// PRODUCT.md §1.3: a licence, regulator or compensation scheme is only ever mentioned when it is
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

export interface SiteContent {
  companyName: string;
  licence: Licence | null;
  /** Share of retail investor accounts that lose money trading CFDs with this provider. */
  riskWarningPercent: number;
  supportEmail: string;
  /** A demonstration install: no real money, no regulated activity. */
  demo: boolean;
}

export const site: SiteContent = {
  companyName: 'BrokerDesk',
  licence: null,
  riskWarningPercent: 54.6,
  supportEmail: 'support@example.com',
  demo: true,
};
