// The trading pages' addresses beyond the terminal (paths.trade), apart from paths.ts so the
// public pages do not carry them (their first load is held to a budget: bench/web-initial-js.mjs).
export const tradingPaths = {
  /** The print-friendly trading statement (issue 19); `?account=<id>&from=…&to=…`. */
  statement: '/userDashboard/tradingStatement',
  /** The public CFD risk disclosure the live onboarding asks the client to acknowledge. */
  riskDisclosure: '/risk',
} as const;
