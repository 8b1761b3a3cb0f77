// GET /api/activity/recent: real, anonymised platform events for the activity popup
// (docs/product.md §1.1). An event carries a kind, a country and a time — never a name, an e-mail,
// an id or an amount. The response schema strips any other key the server might add.
import { z } from 'zod';

export const ACTIVITY_EVENT_KINDS = ['account-opened', 'plan-subscribed'] as const;
export type ActivityEventKind = (typeof ACTIVITY_EVENT_KINDS)[number];

/** At most this many events per response, newest first. */
export const ACTIVITY_MAX_EVENTS = 10;

export const ActivityEventSchema = z.object({
  kind: z.enum(ACTIVITY_EVENT_KINDS),
  country: z.string(),
  /** ISO 8601 instant. */
  at: z.string(),
  /** Only for 'plan-subscribed'. */
  planName: z.string().optional(),
});
export type ActivityEvent = z.infer<typeof ActivityEventSchema>;

export const RecentActivitySchema = z.object({
  /** false when the operator switched the popup off (ACTIVITY_POPUP=off). */
  enabled: z.boolean(),
  events: z.array(ActivityEventSchema).max(ACTIVITY_MAX_EVENTS),
});
export type RecentActivity = z.infer<typeof RecentActivitySchema>;
