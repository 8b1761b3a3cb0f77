// Plans bought from the portal's packages page, and the list on subscriptionTrade (docs/product.md §10).
import { z } from 'zod';
import { MESSAGES } from '../messages.js';

export const SubscribeBodySchema = z.object({
  planId: z
    .string({ error: MESSAGES.money.planRequired })
    .trim()
    .min(1, MESSAGES.money.planRequired)
    .max(64, MESSAGES.money.planRequired),
});
export type SubscribeBody = z.infer<typeof SubscribeBodySchema>;

export const SubscriptionSchema = z.object({
  id: z.string(),
  /** The catalogue plan; null for a plan staff created by hand. */
  planId: z.string().nullable(),
  planName: z.string(),
  amountMinor: z.number().int(),
  /** The plan's deposit bonus credited on subscribing. */
  bonusMinor: z.number().int(),
  /** Set only by staff; 0 for a plan a client bought (docs/product.md §10). */
  profitPercent: z.number(),
  durationDays: z.number().int(),
  /** 'Active' until the end date, then 'Completed'; or the status staff gave. */
  status: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const SubscriptionListSchema = z.object({ items: z.array(SubscriptionSchema) });
export type SubscriptionList = z.infer<typeof SubscriptionListSchema>;

export const SubscribeResponseSchema = z.object({
  message: z.string(),
  subscription: SubscriptionSchema,
});
export type SubscribeResponse = z.infer<typeof SubscribeResponseSchema>;
