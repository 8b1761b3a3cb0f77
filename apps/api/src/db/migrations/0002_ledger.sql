CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"client_id" uuid,
	"currency" text DEFAULT 'USD' NOT NULL,
	"debits_posted" bigint DEFAULT 0 NOT NULL,
	"credits_posted" bigint DEFAULT 0 NOT NULL,
	"debits_pending" bigint DEFAULT 0 NOT NULL,
	"credits_pending" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_totals_non_negative" CHECK ("ledger_accounts"."debits_posted" >= 0 and "ledger_accounts"."credits_posted" >= 0 and "ledger_accounts"."debits_pending" >= 0 and "ledger_accounts"."credits_pending" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_kind_totals" (
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"net_posted_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_kind_totals_account_id_kind_pk" PRIMARY KEY("account_id","kind"),
	CONSTRAINT "ledger_kind_totals_kind_valid" CHECK ("ledger_kind_totals"."kind" in ('deposit', 'withdrawal', 'withdrawal_fee', 'plan_purchase', 'plan_bonus', 'profit', 'bonus', 'referral_bonus', 'adjustment', 'reversal'))
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"debit_account_id" uuid NOT NULL,
	"credit_account_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"idempotency_key" text,
	"actor" text NOT NULL,
	"reverses_transfer_id" uuid,
	"linked_transfer_id" uuid,
	"business_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "ledger_transfers_distinct_accounts" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id"),
	CONSTRAINT "ledger_transfers_amount_positive" CHECK ("ledger_transfers"."amount_minor" > 0),
	CONSTRAINT "ledger_transfers_kind_valid" CHECK ("ledger_transfers"."kind" in ('deposit', 'withdrawal', 'withdrawal_fee', 'plan_purchase', 'plan_bonus', 'profit', 'bonus', 'referral_bonus', 'adjustment', 'reversal')),
	CONSTRAINT "ledger_transfers_state_valid" CHECK ("ledger_transfers"."state" in ('pending', 'posted', 'voided')),
	CONSTRAINT "ledger_transfers_reversal_link" CHECK (("ledger_transfers"."kind" = 'reversal') = ("ledger_transfers"."reverses_transfer_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_kind_totals" ADD CONSTRAINT "ledger_kind_totals_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_reverses_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("reverses_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_linked_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("linked_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_code_unique" ON "ledger_accounts" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_client_unique" ON "ledger_accounts" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_created_idx" ON "ledger_transfers" USING btree ("debit_account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_created_idx" ON "ledger_transfers" USING btree ("credit_account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_idempotency_unique" ON "ledger_transfers" USING btree ("actor","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_reverses_unique" ON "ledger_transfers" USING btree ("reverses_transfer_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_linked_idx" ON "ledger_transfers" USING btree ("linked_transfer_id");