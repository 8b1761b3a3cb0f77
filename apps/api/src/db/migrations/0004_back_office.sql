CREATE TABLE "staff_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_transaction_events" DROP CONSTRAINT "client_transaction_events_kind_valid";--> statement-breakpoint
ALTER TABLE "staff" DROP CONSTRAINT "staff_role_valid";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "last_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_recovery_codes" ADD CONSTRAINT "staff_recovery_codes_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_recovery_codes_unique" ON "staff_recovery_codes" USING btree ("staff_id","code_hash");--> statement-breakpoint
CREATE INDEX "clients_name_idx" ON "clients" USING btree (lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "clients_country_idx" ON "clients" USING btree ("country","id");--> statement-breakpoint
ALTER TABLE "client_transaction_events" ADD CONSTRAINT "client_transaction_events_kind_valid" CHECK ("client_transaction_events"."kind" in ('requested', 'recorded', 'endorsed', 'confirmed', 'approved', 'rejected', 'cancelled', 'failed', 'reversed'));--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_role_valid" CHECK ("staff"."role" in ('owner', 'operations', 'support', 'compliance', 'auditor'));