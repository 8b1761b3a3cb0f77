CREATE TABLE "trading_protections" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trading_protections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"account_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"time" timestamp (3) with time zone NOT NULL,
	"transfer_id" uuid,
	CONSTRAINT "trading_protections_amount_positive" CHECK ("trading_protections"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD COLUMN "margin_call_since" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD COLUMN "margin_call_episodes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD COLUMN "stop_out_sequences" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trading_protections" ADD CONSTRAINT "trading_protections_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_protections" ADD CONSTRAINT "trading_protections_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trading_protections_key_unique" ON "trading_protections" USING btree ("key");--> statement-breakpoint
CREATE INDEX "trading_protections_account_idx" ON "trading_protections" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "trading_accounts_margin_call_idx" ON "trading_accounts" USING btree ("id") WHERE "trading_accounts"."margin_call_since" is not null;