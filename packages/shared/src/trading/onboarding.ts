// Live onboarding (issue 19, decision 132): the risk disclosure's version, the appropriateness
// test's questions (the answers key stays on the server), the client categories and the retail
// leverage caps per class, with the request schemas and their messages.
import { z } from 'zod';
import { REASON_MAX } from '../schemas/money.js';
import { NUL_CHARACTER_MESSAGE, hasNoNul } from '../schemas/storable.js';
import type { TradingSpec } from './specs.js';

/** Raise it when the /risk page's text changes: every client must acknowledge it again. */
export const RISK_DISCLOSURE_VERSION = '2026-12-07';

export const CLIENT_CATEGORIES = ['retail', 'professional'] as const;
export type ClientCategory = (typeof CLIENT_CATEGORIES)[number];

/**
 * The classes a retail cap is set for, ESMA-like: a major pair is two of USD, EUR, GBP, JPY,
 * CHF and CAD; gold apart from the other metals.
 */
export const LEVERAGE_CAP_CLASSES = [
  'forex-major',
  'forex',
  'gold',
  'metal',
  'energy',
  'index',
  'crypto',
] as const;
export type LeverageCapClass = (typeof LEVERAGE_CAP_CLASSES)[number];
export type LeverageCaps = Record<LeverageCapClass, number>;

export const DEFAULT_RETAIL_LEVERAGE_CAPS: LeverageCaps = {
  'forex-major': 30,
  forex: 20,
  gold: 20,
  metal: 10,
  energy: 10,
  index: 20,
  crypto: 2,
};

const MAJOR_CURRENCIES = new Set(['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'CAD']);

export function leverageCapClassOf(
  spec: Pick<TradingSpec, 'class' | 'base' | 'quote'>,
): LeverageCapClass {
  if (spec.class === 'forex') {
    return MAJOR_CURRENCIES.has(spec.base) && MAJOR_CURRENCIES.has(spec.quote)
      ? 'forex-major'
      : 'forex';
  }
  if (spec.class === 'metal') return spec.base === 'XAU' ? 'gold' : 'metal';
  return spec.class;
}

/**
 * The leverage a new position of this client opens at: the spec's (the catalogue's under the
 * desk's cap), and for a retail client at most the retail cap of its class.
 */
export function clientLeverage(
  spec: Pick<TradingSpec, 'class' | 'base' | 'quote' | 'leverage'>,
  category: ClientCategory,
  retailCaps: LeverageCaps,
): number {
  if (category === 'professional') return spec.leverage;
  return Math.min(spec.leverage, retailCaps[leverageCapClassOf(spec)]);
}

/** One multiple-choice question; its right answer and explanation live on the server. */
export interface AppropriatenessQuestion {
  id: string;
  text: string;
  options: { id: string; text: string }[];
}

export const APPROPRIATENESS_QUESTIONS: readonly AppropriatenessQuestion[] = [
  {
    id: 'cfd',
    text: 'When you trade a CFD on gold, what do you own?',
    options: [
      { id: 'a', text: 'Physical gold held for you' },
      { id: 'b', text: 'A contract settled in cash on the difference in price' },
      { id: 'c', text: 'Shares of a gold mining company' },
    ],
  },
  {
    id: 'leverage',
    text: 'At 1:20 leverage, how much margin does a position worth $10,000 use?',
    options: [
      { id: 'a', text: '$20' },
      { id: 'b', text: '$500' },
      { id: 'c', text: '$10,000' },
    ],
  },
  {
    id: 'move',
    text: 'At 1:20 leverage, the price moves 5% against your position. What happens to the margin it uses?',
    options: [
      { id: 'a', text: 'You lose about 5% of it' },
      { id: 'b', text: 'You lose about all of it' },
      { id: 'c', text: 'Nothing until you close the position' },
    ],
  },
  {
    id: 'margin-call',
    text: 'What is a margin call?',
    options: [
      {
        id: 'a',
        text: 'A warning that your equity has fallen towards the margin your positions use',
      },
      { id: 'b', text: 'A bonus paid when your account is in profit' },
      { id: 'c', text: 'A call from a dealer offering a better price' },
    ],
  },
  {
    id: 'stop-out',
    text: 'Your equity keeps falling after a margin call. What may happen?',
    options: [
      { id: 'a', text: 'Nothing: positions stay open until you close them' },
      { id: 'b', text: 'The platform lends you more money automatically' },
      { id: 'c', text: 'Your positions are closed automatically at the market price (stop-out)' },
    ],
  },
  {
    id: 'stop-loss',
    text: 'Does a stop loss guarantee the price your position closes at?',
    options: [
      { id: 'a', text: 'Yes, always' },
      { id: 'b', text: 'No: when the market gaps it closes at the next available price' },
      { id: 'c', text: 'Only on weekdays' },
    ],
  },
];

/** Right answers needed of the six. */
export const APPROPRIATENESS_PASS_MARK = 5;
/** How long after a fail the test may be taken again. */
export const APPROPRIATENESS_RETAKE_HOURS = 24;

export const ONBOARDING_MESSAGES = {
  versionInvalid: 'The risk disclosure has changed: please read the current version',
  answersIncomplete: 'Please answer every question',
  answerInvalid: 'Choose one of the answers given',
  categoryInvalid: 'Category must be retail or professional',
  /** Staff only: kept with the change and in the audit log. */
  reasonRequired: 'Please give the reason for the change',
  reasonTooLong: 'The reason must be at most 500 characters',
} as const;

export const AcknowledgeDisclosureBodySchema = z.strictObject({
  version: z.literal(RISK_DISCLOSURE_VERSION, { error: ONBOARDING_MESSAGES.versionInvalid }),
});
export type AcknowledgeDisclosureBody = z.infer<typeof AcknowledgeDisclosureBodySchema>;

const questionIds = APPROPRIATENESS_QUESTIONS.map((q) => q.id);

export const AppropriatenessBodySchema = z.strictObject({
  answers: z
    .record(z.string().max(40), z.string().max(10))
    .refine(
      (answers) =>
        Object.keys(answers).length === questionIds.length &&
        questionIds.every((id) => typeof answers[id] === 'string'),
      { error: ONBOARDING_MESSAGES.answersIncomplete },
    )
    .refine(
      (answers) =>
        APPROPRIATENESS_QUESTIONS.every(
          (q) => answers[q.id] === undefined || q.options.some((o) => o.id === answers[q.id]),
        ),
      { error: ONBOARDING_MESSAGES.answerInvalid },
    ),
});
export type AppropriatenessBody = z.infer<typeof AppropriatenessBodySchema>;

export const ClientCategoryBodySchema = z.strictObject({
  category: z.enum(CLIENT_CATEGORIES, { error: ONBOARDING_MESSAGES.categoryInvalid }),
  reason: z
    .string({ error: ONBOARDING_MESSAGES.reasonRequired })
    .trim()
    .min(1, ONBOARDING_MESSAGES.reasonRequired)
    .max(REASON_MAX, ONBOARDING_MESSAGES.reasonTooLong)
    .refine(hasNoNul, NUL_CHARACTER_MESSAGE),
});
export type ClientCategoryBody = z.infer<typeof ClientCategoryBodySchema>;
