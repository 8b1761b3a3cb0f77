import { EXAMPLE_RISK_WARNING_PERCENT, type Licence, type SiteContent } from './site';

/**
 * The operator's licence, or null: the one rule for every place that could claim regulation
 * (docs/product.md §1.3). A licence is claimed only when the content names at least a regulator and a
 * licence number — a half-filled entry claims nothing — and never by a demonstration install,
 * whose footer says plainly that it is not a regulated broker.
 */
export function configuredLicence(
  content: Pick<SiteContent, 'licence' | 'demo'>,
): ConfiguredLicence | null {
  const licence: Licence | null | undefined = content.licence;
  if (!licence || content.demo) return null;
  const regulatorName = licence.regulatorName?.trim();
  const licenceNumber = licence.licenceNumber?.trim();
  if (!regulatorName || !licenceNumber) return null;
  return {
    regulatorName,
    licenceNumber,
    registerUrl: safeUrl(licence.registerUrl),
    yearsLicensed:
      typeof licence.yearsLicensed === 'number' && licence.yearsLicensed > 0
        ? Math.floor(licence.yearsLicensed)
        : null,
    compensationText: licence.compensationText?.trim() || null,
  };
}

export interface ConfiguredLicence {
  regulatorName: string;
  licenceNumber: string;
  registerUrl: string | null;
  yearsLicensed: number | null;
  compensationText: string | null;
}

/** Only http(s) links are rendered: a typo in the content must not become a script URL. */
function safeUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The risk warning's percentage (docs/product.md §1.5) and whether it is only an example: a
 * statistic about "this provider's" accounts is the operator's to state; an install without one
 * shows the origin's figure marked as an example (docs/decisions/105-claims-from-configuration.md).
 * It sits beside the licence rule, the other claim only configuration may make.
 */
export function riskWarningFigure(content: Pick<SiteContent, 'riskWarningPercent'>): {
  percent: number;
  example: boolean;
} {
  const configured = content.riskWarningPercent;
  return configured == null
    ? { percent: EXAMPLE_RISK_WARNING_PERCENT, example: true }
    : { percent: configured, example: false };
}
