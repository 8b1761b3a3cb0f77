CREATE TABLE "trading_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp (3) with time zone,
	CONSTRAINT "trading_accounts_kind_valid" CHECK ("trading_accounts"."kind" in ('demo', 'live')),
	CONSTRAINT "trading_accounts_status_valid" CHECK ("trading_accounts"."status" in ('open', 'archived')),
	CONSTRAINT "trading_accounts_live_no_stored_balance" CHECK ("trading_accounts"."kind" = 'demo' or "trading_accounts"."balance_minor" = 0)
);
--> statement-breakpoint
CREATE TABLE "trading_deals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trading_deals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"account_id" uuid NOT NULL,
	"position_id" bigint NOT NULL,
	"order_id" bigint,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"entry" text NOT NULL,
	"volume" integer NOT NULL,
	"price" bigint NOT NULL,
	"tick_seq" bigint,
	"time" timestamp (3) with time zone NOT NULL,
	"pnl_minor" bigint DEFAULT 0 NOT NULL,
	"swap_minor" bigint DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"closed_by" text,
	"trailing" boolean DEFAULT false NOT NULL,
	"transfer_id" uuid,
	CONSTRAINT "trading_deals_side_valid" CHECK ("trading_deals"."side" in ('buy', 'sell')),
	CONSTRAINT "trading_deals_entry_valid" CHECK ("trading_deals"."entry" in ('in', 'out')),
	CONSTRAINT "trading_deals_reason_valid" CHECK ("trading_deals"."reason" in ('client', 'sl', 'tp', 'stop_out', 'staff', 'reset')),
	CONSTRAINT "trading_deals_volume_positive" CHECK ("trading_deals"."volume" > 0)
);
--> statement-breakpoint
CREATE TABLE "trading_evaluator_cursor" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trading_evaluator_cursor_one_row" CHECK ("trading_evaluator_cursor"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "trading_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trading_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"volume" integer NOT NULL,
	"price" bigint,
	"sl" bigint,
	"tp" bigint,
	"trailing_points" integer,
	"time_in_force" text,
	"expires_at" timestamp (3) with time zone,
	"status" text NOT NULL,
	"armed_seq" bigint NOT NULL,
	"oco_group_id" uuid,
	"reject_code" text,
	"position_id" bigint,
	"request_key" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trading_orders_side_valid" CHECK ("trading_orders"."side" in ('buy', 'sell')),
	CONSTRAINT "trading_orders_type_valid" CHECK ("trading_orders"."type" in ('market', 'limit', 'stop')),
	CONSTRAINT "trading_orders_status_valid" CHECK ("trading_orders"."status" in ('pending', 'filled', 'cancelled', 'expired', 'rejected')),
	CONSTRAINT "trading_orders_volume_positive" CHECK ("trading_orders"."volume" > 0),
	CONSTRAINT "trading_orders_pending_has_price" CHECK ("trading_orders"."type" = 'market' or "trading_orders"."price" is not null)
);
--> statement-breakpoint
CREATE TABLE "trading_positions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trading_positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid NOT NULL,
	"order_id" bigint,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"volume" integer NOT NULL,
	"open_price" bigint NOT NULL,
	"open_time" timestamp (3) with time zone NOT NULL,
	"open_tick_seq" bigint NOT NULL,
	"sl" bigint,
	"tp" bigint,
	"trailing_points" integer,
	"stops_armed_seq" bigint NOT NULL,
	"margin_minor" bigint NOT NULL,
	"leverage" integer NOT NULL,
	"open_rate_num" text NOT NULL,
	"open_rate_den" text NOT NULL,
	"swap_minor" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"closed_at" timestamp (3) with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "trading_positions_side_valid" CHECK ("trading_positions"."side" in ('buy', 'sell')),
	CONSTRAINT "trading_positions_status_valid" CHECK ("trading_positions"."status" in ('open', 'closed')),
	CONSTRAINT "trading_positions_volume_positive" CHECK ("trading_positions"."volume" > 0)
);
--> statement-breakpoint
CREATE TABLE "trading_requests" (
	"account_id" uuid NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status_code" integer NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trading_requests_account_id_key_pk" PRIMARY KEY("account_id","key")
);
--> statement-breakpoint
ALTER TABLE "client_transactions" DROP CONSTRAINT "client_transactions_type_valid";--> statement-breakpoint
ALTER TABLE "ledger_kind_totals" DROP CONSTRAINT "ledger_kind_totals_kind_valid";--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_kind_valid";--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD CONSTRAINT "trading_accounts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_deals" ADD CONSTRAINT "trading_deals_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_deals" ADD CONSTRAINT "trading_deals_position_id_trading_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."trading_positions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_deals" ADD CONSTRAINT "trading_deals_order_id_trading_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trading_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_deals" ADD CONSTRAINT "trading_deals_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_orders" ADD CONSTRAINT "trading_orders_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_positions" ADD CONSTRAINT "trading_positions_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_positions" ADD CONSTRAINT "trading_positions_order_id_trading_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trading_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_requests" ADD CONSTRAINT "trading_requests_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trading_accounts_client_kind_open_unique" ON "trading_accounts" USING btree ("client_id","kind") WHERE "trading_accounts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "trading_accounts_client_idx" ON "trading_accounts" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trading_deals_key_unique" ON "trading_deals" USING btree ("key");--> statement-breakpoint
CREATE INDEX "trading_deals_account_idx" ON "trading_deals" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "trading_deals_position_idx" ON "trading_deals" USING btree ("position_id");--> statement-breakpoint
CREATE INDEX "trading_orders_account_idx" ON "trading_orders" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "trading_orders_pending_idx" ON "trading_orders" USING btree ("symbol","side","type","price") WHERE "trading_orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "trading_orders_expiry_idx" ON "trading_orders" USING btree ("expires_at") WHERE "trading_orders"."status" = 'pending' and "trading_orders"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "trading_orders_oco_idx" ON "trading_orders" USING btree ("oco_group_id");--> statement-breakpoint
CREATE INDEX "trading_positions_account_idx" ON "trading_positions" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "trading_positions_sl_idx" ON "trading_positions" USING btree ("symbol","side","sl") WHERE "trading_positions"."status" = 'open' and "trading_positions"."sl" is not null;--> statement-breakpoint
CREATE INDEX "trading_positions_tp_idx" ON "trading_positions" USING btree ("symbol","side","tp") WHERE "trading_positions"."status" = 'open' and "trading_positions"."tp" is not null;--> statement-breakpoint
CREATE INDEX "trading_positions_trailing_idx" ON "trading_positions" USING btree ("symbol","id") WHERE "trading_positions"."status" = 'open' and "trading_positions"."trailing_points" is not null;--> statement-breakpoint
CREATE INDEX "trading_positions_open_symbol_idx" ON "trading_positions" USING btree ("symbol","account_id") WHERE "trading_positions"."status" = 'open';--> statement-breakpoint
ALTER TABLE "client_transactions" ADD CONSTRAINT "client_transactions_type_valid" CHECK ("client_transactions"."type" in ('deposit', 'withdrawal', 'profit', 'bonus', 'plan_bonus', 'ref_bonus', 'adjustment', 'subscription', 'reversal', 'transfer'));--> statement-breakpoint
ALTER TABLE "ledger_kind_totals" ADD CONSTRAINT "ledger_kind_totals_kind_valid" CHECK ("ledger_kind_totals"."kind" in ('deposit', 'withdrawal', 'withdrawal_fee', 'plan_purchase', 'plan_bonus', 'profit', 'bonus', 'referral_bonus', 'adjustment', 'reversal', 'trading_in', 'trading_out', 'trade_pnl', 'swap', 'nbp'));--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_kind_valid" CHECK ("ledger_transfers"."kind" in ('deposit', 'withdrawal', 'withdrawal_fee', 'plan_purchase', 'plan_bonus', 'profit', 'bonus', 'referral_bonus', 'adjustment', 'reversal', 'trading_in', 'trading_out', 'trade_pnl', 'swap', 'nbp'));