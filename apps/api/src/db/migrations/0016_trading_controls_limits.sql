CREATE TABLE "price_held_ticks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_held_ticks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"symbol" text NOT NULL,
	"bid" bigint NOT NULL,
	"ask" bigint NOT NULL,
	"time" timestamp (3) with time zone NOT NULL,
	"last_bid" bigint NOT NULL,
	"last_ask" bigint NOT NULL,
	"threshold_spreads" integer NOT NULL,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_held_ticks_outcome" CHECK ("price_held_ticks"."outcome" in ('pending', 'spike', 'confirmed'))
);
--> statement-breakpoint
CREATE TABLE "trading_controls" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trading_controls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" uuid,
	"mode" text NOT NULL,
	"exposure_limit_usd" integer,
	"reason" text NOT NULL,
	"changed_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trading_controls_mode" CHECK ("trading_controls"."mode" in ('normal', 'close_only', 'halted')),
	CONSTRAINT "trading_controls_reason" CHECK (length("trading_controls"."reason") > 0),
	CONSTRAINT "trading_controls_exposure_limit" CHECK ("trading_controls"."exposure_limit_usd" is null or "trading_controls"."exposure_limit_usd" >= 1)
);
--> statement-breakpoint
ALTER TABLE "trading_instrument_settings" ADD COLUMN "bad_tick_spreads" integer;--> statement-breakpoint
ALTER TABLE "trading_instrument_settings" ADD COLUMN "exposure_limit_usd" integer;--> statement-breakpoint
ALTER TABLE "trading_controls" ADD CONSTRAINT "trading_controls_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_controls" ADD CONSTRAINT "trading_controls_changed_by_staff_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_held_ticks_symbol_idx" ON "price_held_ticks" USING btree ("symbol","id");--> statement-breakpoint
CREATE INDEX "trading_controls_client_idx" ON "trading_controls" USING btree ("client_id","id");--> statement-breakpoint
ALTER TABLE "trading_instrument_settings" ADD CONSTRAINT "trading_instrument_settings_exposure_limit" CHECK ("trading_instrument_settings"."exposure_limit_usd" is null or "trading_instrument_settings"."exposure_limit_usd" >= 1);--> statement-breakpoint
ALTER TABLE "trading_instrument_settings" ADD CONSTRAINT "trading_instrument_settings_bad_tick" CHECK ("trading_instrument_settings"."bad_tick_spreads" is null or "trading_instrument_settings"."bad_tick_spreads" >= 1);