CREATE TABLE "candles" (
	"symbol" text NOT NULL,
	"period" text NOT NULL,
	"bucket" timestamp (3) with time zone NOT NULL,
	"open" bigint NOT NULL,
	"high" bigint NOT NULL,
	"low" bigint NOT NULL,
	"close" bigint NOT NULL,
	"tick_volume" integer NOT NULL,
	CONSTRAINT "candles_symbol_period_bucket_pk" PRIMARY KEY("symbol","period","bucket"),
	CONSTRAINT "candles_low_le_high" CHECK ("candles"."low" <= "candles"."high"),
	CONSTRAINT "candles_tick_volume_positive" CHECK ("candles"."tick_volume" > 0)
);
--> statement-breakpoint
CREATE TABLE "ticks" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticks_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"symbol" text NOT NULL,
	"bid" bigint NOT NULL,
	"ask" bigint NOT NULL,
	"time" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "ticks_bid_le_ask" CHECK ("ticks"."bid" <= "ticks"."ask")
);
--> statement-breakpoint
CREATE INDEX "ticks_symbol_seq_idx" ON "ticks" USING btree ("symbol","seq");--> statement-breakpoint
CREATE INDEX "ticks_time_idx" ON "ticks" USING btree ("time");