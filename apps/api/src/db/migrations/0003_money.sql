CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid,
	"staff_username" text NOT NULL,
	"staff_role" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_transaction_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_transaction_events_kind_valid" CHECK ("client_transaction_events"."kind" in ('requested', 'recorded', 'confirmed', 'approved', 'rejected', 'cancelled', 'failed', 'reversed'))
);
--> statement-breakpoint
CREATE TABLE "client_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"type" text NOT NULL,
	"direction" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"method" text,
	"destination" text,
	"reason" text,
	"needs_documents" boolean DEFAULT false NOT NULL,
	"transfer_id" uuid,
	"fee_transfer_id" uuid,
	"related_id" uuid,
	"subscription_id" uuid,
	"created_by" text NOT NULL,
	"idempotency_key" text,
	"business_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_transactions_amount_positive" CHECK ("client_transactions"."amount_minor" > 0),
	CONSTRAINT "client_transactions_fee_non_negative" CHECK ("client_transactions"."fee_minor" >= 0),
	CONSTRAINT "client_transactions_type_valid" CHECK ("client_transactions"."type" in ('deposit', 'withdrawal', 'profit', 'bonus', 'plan_bonus', 'ref_bonus', 'adjustment', 'subscription', 'reversal')),
	CONSTRAINT "client_transactions_status_valid" CHECK ("client_transactions"."status" in ('pending', 'completed', 'rejected', 'cancelled', 'failed', 'reversed')),
	CONSTRAINT "client_transactions_direction_valid" CHECK ("client_transactions"."direction" in ('credit', 'debit')),
	CONSTRAINT "client_transactions_completed_has_transfer" CHECK ("client_transactions"."status" not in ('completed', 'reversed') or "client_transactions"."transfer_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"plan_id" text,
	"plan_name" text NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"bonus_minor" bigint DEFAULT 0 NOT NULL,
	"profit_percent_bp" bigint DEFAULT 0 NOT NULL,
	"duration_days" bigint NOT NULL,
	"status_override" text,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"purchase_transaction_id" uuid,
	"created_by" text NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_amount_non_negative" CHECK ("subscriptions"."amount_minor" >= 0 and "subscriptions"."bonus_minor" >= 0),
	CONSTRAINT "subscriptions_duration_positive" CHECK ("subscriptions"."duration_days" > 0),
	CONSTRAINT "subscriptions_dates_ordered" CHECK ("subscriptions"."end_at" >= "subscriptions"."start_at")
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_transaction_events" ADD CONSTRAINT "client_transaction_events_transaction_id_client_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."client_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_transactions" ADD CONSTRAINT "client_transactions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_transactions" ADD CONSTRAINT "client_transactions_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_transactions" ADD CONSTRAINT "client_transactions_fee_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("fee_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_transactions" ADD CONSTRAINT "client_transactions_related_id_client_transactions_id_fk" FOREIGN KEY ("related_id") REFERENCES "public"."client_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_transactions" ADD CONSTRAINT "client_transactions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_purchase_transaction_id_client_transactions_id_fk" FOREIGN KEY ("purchase_transaction_id") REFERENCES "public"."client_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "audit_log_staff_idx" ON "audit_log" USING btree ("staff_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "client_transaction_events_transaction_idx" ON "client_transaction_events" USING btree ("transaction_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "client_transaction_events_idempotency_unique" ON "client_transaction_events" USING btree ("actor","idempotency_key");--> statement-breakpoint
CREATE INDEX "client_transactions_client_created_idx" ON "client_transactions" USING btree ("client_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "client_transactions_client_type_idx" ON "client_transactions" USING btree ("client_id","type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "client_transactions_client_status_idx" ON "client_transactions" USING btree ("client_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "client_transactions_pending_idx" ON "client_transactions" USING btree ("created_at","id") WHERE "client_transactions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "client_transactions_related_idx" ON "client_transactions" USING btree ("related_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_transactions_idempotency_unique" ON "client_transactions" USING btree ("created_by","idempotency_key");--> statement-breakpoint
CREATE INDEX "subscriptions_client_created_idx" ON "subscriptions" USING btree ("client_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "subscriptions_created_idx" ON "subscriptions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_idempotency_unique" ON "subscriptions" USING btree ("created_by","idempotency_key");--> statement-breakpoint
-- Append-only tables: the audit log and the request timelines refuse UPDATE and DELETE at the
-- database, whatever the application does (written by hand: drizzle-kit does not model triggers).
CREATE FUNCTION "refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "client_transaction_events_append_only" BEFORE UPDATE OR DELETE ON "client_transaction_events"
  FOR EACH ROW EXECUTE FUNCTION "refuse_change"();
