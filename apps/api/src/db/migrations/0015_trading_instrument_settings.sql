CREATE TABLE "trading_instrument_settings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trading_instrument_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"symbol" text NOT NULL,
	"trading_enabled" boolean NOT NULL,
	"spread_markup_points" integer NOT NULL,
	"max_volume" integer,
	"leverage_cap" integer,
	"swap_long_hundredths" integer NOT NULL,
	"swap_short_hundredths" integer NOT NULL,
	"reason" text NOT NULL,
	"changed_by" uuid NOT NULL,
	"effective_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trading_instrument_settings_markup" CHECK ("trading_instrument_settings"."spread_markup_points" >= 0),
	CONSTRAINT "trading_instrument_settings_max_volume" CHECK ("trading_instrument_settings"."max_volume" is null or "trading_instrument_settings"."max_volume" > 0),
	CONSTRAINT "trading_instrument_settings_leverage_cap" CHECK ("trading_instrument_settings"."leverage_cap" is null or "trading_instrument_settings"."leverage_cap" >= 1),
	CONSTRAINT "trading_instrument_settings_reason" CHECK (length("trading_instrument_settings"."reason") > 0)
);
--> statement-breakpoint
ALTER TABLE "trading_instrument_settings" ADD CONSTRAINT "trading_instrument_settings_changed_by_staff_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trading_instrument_settings_symbol_idx" ON "trading_instrument_settings" USING btree ("symbol","id");