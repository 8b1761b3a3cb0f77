// The appropriateness test's answers key and explanations (decision 132). Server only: the web
// gets the questions (shared/trading/onboarding.ts) and, after a submission, which answers
// were wrong with their explanations.
export const APPROPRIATENESS_KEY: Record<string, { answer: string; explanation: string }> = {
  cfd: {
    answer: 'b',
    explanation:
      'A CFD is a contract with the platform, settled in cash on the difference between the opening and closing price. You never own the underlying asset.',
  },
  leverage: {
    answer: 'b',
    explanation: 'At 1:20 the margin is 1/20 of the position’s value: $10,000 ÷ 20 = $500.',
  },
  move: {
    answer: 'b',
    explanation:
      'Leverage multiplies the move: 5% of the position’s value is 5% × 20 = 100% of its margin.',
  },
  'margin-call': {
    answer: 'a',
    explanation:
      'A margin call warns you that your equity has fallen towards the margin your open positions use; add funds or reduce your positions.',
  },
  'stop-out': {
    answer: 'c',
    explanation:
      'If your equity keeps falling, your positions are closed automatically at the market price to limit the loss (stop-out).',
  },
  'stop-loss': {
    answer: 'b',
    explanation:
      'A stop loss closes at the next available price once it is reached; when the market gaps, that price may be worse than the one you set.',
  },
};
