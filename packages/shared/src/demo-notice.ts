// Its own module, so the public pages' footer does not pull every message into their bundle.
export const DEMO_NOTICE =
  'Demonstration platform — not a regulated broker. No real money is handled.';
