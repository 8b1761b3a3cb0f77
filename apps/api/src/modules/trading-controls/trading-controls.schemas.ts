// Answers of the dealing desk's trading controls (decision 133), for the OpenAPI document.
import { TRADING_MODES } from '@brokerdesk/shared/trading';
import { z } from 'zod';

export const TradingControlViewSchema = z.object({
  mode: z.enum(TRADING_MODES),
  /**
   * Whole US$ of gross notional on live accounts (decision 135): the client's own, or on the
   * platform's row every client's; null: none set.
   */
  exposureLimitUsd: z.number().int().nullable(),
  /** The latest change's reason, member and time; null while nobody has changed it. */
  reason: z.string().nullable(),
  by: z.string().nullable(),
  at: z.string().nullable(),
});
export type TradingControlView = z.infer<typeof TradingControlViewSchema>;

export const ClientControlViewSchema = TradingControlViewSchema.extend({
  clientId: z.string(),
  clientName: z.string(),
  clientEmail: z.string(),
});
export type ClientControlView = z.infer<typeof ClientControlViewSchema>;

export const TradingControlsSchema = z.object({
  platform: TradingControlViewSchema,
  /** Clients not trading normally, most recently changed first. */
  clients: z.array(ClientControlViewSchema),
});

/** A client's back-office page: their own mode and the platform's (the stricter applies). */
export const ClientModeSchema = z.object({
  client: TradingControlViewSchema,
  platform: TradingControlViewSchema,
});

export const ControlClientParamsSchema = z.object({ clientId: z.string().max(64) });

/** What the client's terminal is told: the mode it trades under and why, in the client's words. */
export const TradingStatusSchema = z.object({
  mode: z.enum(TRADING_MODES),
  message: z.string().nullable(),
});
