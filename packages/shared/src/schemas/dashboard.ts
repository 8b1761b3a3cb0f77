import { z } from 'zod';

// The seed's userInfo payload. Amounts are dollars (numbers, at most two decimals) because the
// seed's clients read them that way; everything new uses integer cents in `…Minor` fields.
export const FinancesSchema = z.object({
  deposited: z.number(),
  profit: z.number(),
  bonus: z.number(),
  refBonus: z.number(),
  balance: z.number(),
});
export type Finances = z.infer<typeof FinancesSchema>;

export const DashboardTransactionSchema = z.object({
  _id: z.string(),
  date: z.string(),
  type: z.string(),
  amount: z.number(),
  status: z.string(),
});
export type DashboardTransaction = z.infer<typeof DashboardTransactionSchema>;

export const DashboardSubscriptionSchema = z.object({
  _id: z.string(),
  planName: z.string(),
  amount: z.number(),
  profitPercent: z.number(),
  duration: z.number(),
  status: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});
export type DashboardSubscription = z.infer<typeof DashboardSubscriptionSchema>;

export const UserInfoSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  country: z.string(),
  phone: z.string(),
  emailVerified: z.boolean(),
  finances: z.array(FinancesSchema),
  transactions: z.array(DashboardTransactionSchema),
  subscriptions: z.array(DashboardSubscriptionSchema),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

export const DashboardResponseSchema = z.object({ userInfo: UserInfoSchema });
export type DashboardResponse = z.infer<typeof DashboardResponseSchema>;
