CREATE TABLE "trading_swaps" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trading_swaps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"account_id" uuid NOT NULL,
	"position_id" bigint NOT NULL,
	"rollover_at" timestamp (3) with time zone NOT NULL,
	"volume" integer NOT NULL,
	"multiplier" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"transfer_id" uuid,
	CONSTRAINT "trading_swaps_amount_non_zero" CHECK ("trading_swaps"."amount_minor" <> 0)
);
--> statement-breakpoint
ALTER TABLE "trading_evaluator_cursor" ADD COLUMN "swaps_through" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "trading_swaps" ADD CONSTRAINT "trading_swaps_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_swaps" ADD CONSTRAINT "trading_swaps_position_id_trading_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."trading_positions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_swaps" ADD CONSTRAINT "trading_swaps_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trading_swaps_key_unique" ON "trading_swaps" USING btree ("key");--> statement-breakpoint
CREATE INDEX "trading_swaps_account_idx" ON "trading_swaps" USING btree ("account_id","id");