CREATE TABLE "trading_deal_adjustments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trading_deal_adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"correction_id" bigint NOT NULL,
	"account_id" uuid NOT NULL,
	"deal_id" bigint NOT NULL,
	"old_pnl_minor" bigint NOT NULL,
	"new_pnl_minor" bigint NOT NULL,
	"time" timestamp (3) with time zone NOT NULL,
	"reversal_transfer_id" uuid,
	"posting_transfer_id" uuid,
	CONSTRAINT "trading_deal_adjustments_moves" CHECK ("trading_deal_adjustments"."old_pnl_minor" <> "trading_deal_adjustments"."new_pnl_minor")
);
--> statement-breakpoint
CREATE TABLE "trading_deal_corrections" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trading_deal_corrections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid NOT NULL,
	"deal_id" bigint NOT NULL,
	"old_price" bigint NOT NULL,
	"new_price" bigint NOT NULL,
	"reason" text NOT NULL,
	"corrected_by" uuid NOT NULL,
	"time" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "trading_deal_corrections_reason" CHECK (length("trading_deal_corrections"."reason") > 0),
	CONSTRAINT "trading_deal_corrections_moves" CHECK ("trading_deal_corrections"."old_price" <> "trading_deal_corrections"."new_price")
);
--> statement-breakpoint
ALTER TABLE "trading_deals" ADD COLUMN "rate_num" text;--> statement-breakpoint
ALTER TABLE "trading_deals" ADD COLUMN "rate_den" text;--> statement-breakpoint
ALTER TABLE "trading_deal_adjustments" ADD CONSTRAINT "trading_deal_adjustments_correction_id_trading_deal_corrections_id_fk" FOREIGN KEY ("correction_id") REFERENCES "public"."trading_deal_corrections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_deal_adjustments" ADD CONSTRAINT "trading_deal_adjustments_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_deal_adjustments" ADD CONSTRAINT "trading_deal_adjustments_deal_id_trading_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."trading_deals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_deal_adjustments" ADD CONSTRAINT "trading_deal_adjustments_reversal_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("reversal_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_deal_adjustments" ADD CONSTRAINT "trading_deal_adjustments_posting_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("posting_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_deal_corrections" ADD CONSTRAINT "trading_deal_corrections_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_deal_corrections" ADD CONSTRAINT "trading_deal_corrections_deal_id_trading_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."trading_deals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_deal_corrections" ADD CONSTRAINT "trading_deal_corrections_corrected_by_staff_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trading_deal_adjustments_deal_idx" ON "trading_deal_adjustments" USING btree ("deal_id","id");--> statement-breakpoint
CREATE INDEX "trading_deal_adjustments_account_idx" ON "trading_deal_adjustments" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "trading_deal_adjustments_correction_idx" ON "trading_deal_adjustments" USING btree ("correction_id");--> statement-breakpoint
CREATE INDEX "trading_deal_corrections_deal_idx" ON "trading_deal_corrections" USING btree ("deal_id","id");--> statement-breakpoint
CREATE INDEX "trading_deal_corrections_account_idx" ON "trading_deal_corrections" USING btree ("account_id","id");