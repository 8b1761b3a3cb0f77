CREATE TABLE "referral_commissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_id" uuid NOT NULL,
	"referred_id" uuid NOT NULL,
	"deposit_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"transfer_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"earned_minor" bigint NOT NULL,
	"cap_minor" bigint NOT NULL,
	"state" text NOT NULL,
	"signals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"void_cause" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"review_reason" text,
	CONSTRAINT "referral_commissions_amounts" CHECK ("referral_commissions"."amount_minor" > 0 and "referral_commissions"."earned_minor" >= "referral_commissions"."amount_minor" and "referral_commissions"."cap_minor" >= "referral_commissions"."amount_minor"),
	CONSTRAINT "referral_commissions_state_valid" CHECK ("referral_commissions"."state" in ('pending', 'held', 'released', 'voided')),
	CONSTRAINT "referral_commissions_void_cause_valid" CHECK ("referral_commissions"."void_cause" is null or "referral_commissions"."void_cause" in ('deposit-reversed', 'withdrawal', 'staff')),
	CONSTRAINT "referral_commissions_released_has_date" CHECK (("referral_commissions"."state" = 'released') = ("referral_commissions"."released_at" is not null)),
	CONSTRAINT "referral_commissions_voided_has_cause" CHECK (("referral_commissions"."state" = 'voided') = ("referral_commissions"."voided_at" is not null and "referral_commissions"."void_cause" is not null)),
	CONSTRAINT "referral_commissions_not_self" CHECK ("referral_commissions"."referrer_id" <> "referral_commissions"."referred_id")
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "registration_ip" text;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_referrer_id_clients_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_referred_id_clients_id_fk" FOREIGN KEY ("referred_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_deposit_id_client_transactions_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."client_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_line_id_client_transactions_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."client_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_commissions_deposit_unique" ON "referral_commissions" USING btree ("deposit_id");--> statement-breakpoint
CREATE INDEX "referral_commissions_referrer_idx" ON "referral_commissions" USING btree ("referrer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "referral_commissions_referred_idx" ON "referral_commissions" USING btree ("referred_id","state");--> statement-breakpoint
CREATE INDEX "referral_commissions_due_idx" ON "referral_commissions" USING btree ("release_at","id") WHERE "referral_commissions"."state" = 'pending';