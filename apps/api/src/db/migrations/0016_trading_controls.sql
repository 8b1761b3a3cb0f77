CREATE TABLE "trading_controls" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trading_controls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" uuid,
	"mode" text NOT NULL,
	"reason" text NOT NULL,
	"changed_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trading_controls_mode" CHECK ("trading_controls"."mode" in ('normal', 'close_only', 'halted')),
	CONSTRAINT "trading_controls_reason" CHECK (length("trading_controls"."reason") > 0)
);
--> statement-breakpoint
ALTER TABLE "trading_controls" ADD CONSTRAINT "trading_controls_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_controls" ADD CONSTRAINT "trading_controls_changed_by_staff_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trading_controls_client_idx" ON "trading_controls" USING btree ("client_id","id");