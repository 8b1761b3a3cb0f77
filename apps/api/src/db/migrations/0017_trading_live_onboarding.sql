CREATE TABLE "appropriateness_tests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"answers" jsonb NOT NULL,
	"correct" integer NOT NULL,
	"total" integer NOT NULL,
	"passed" boolean NOT NULL,
	"taken_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "appropriateness_tests_score_valid" CHECK ("appropriateness_tests"."correct" >= 0 and "appropriateness_tests"."correct" <= "appropriateness_tests"."total")
);
--> statement-breakpoint
CREATE TABLE "client_trading_profiles" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"category" text DEFAULT 'retail' NOT NULL,
	"category_reason" text,
	"category_changed_by" uuid,
	"category_changed_at" timestamp (3) with time zone,
	"disclosure_version" text,
	"disclosure_acknowledged_at" timestamp (3) with time zone,
	CONSTRAINT "client_trading_profiles_category_valid" CHECK ("client_trading_profiles"."category" in ('retail', 'professional')),
	CONSTRAINT "client_trading_profiles_disclosure_whole" CHECK (("client_trading_profiles"."disclosure_version" is null) = ("client_trading_profiles"."disclosure_acknowledged_at" is null))
);
--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD COLUMN "category" text DEFAULT 'retail' NOT NULL;--> statement-breakpoint
ALTER TABLE "appropriateness_tests" ADD CONSTRAINT "appropriateness_tests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_trading_profiles" ADD CONSTRAINT "client_trading_profiles_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_trading_profiles" ADD CONSTRAINT "client_trading_profiles_category_changed_by_staff_id_fk" FOREIGN KEY ("category_changed_by") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appropriateness_tests_client_idx" ON "appropriateness_tests" USING btree ("client_id","taken_at");--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD CONSTRAINT "trading_accounts_category_valid" CHECK ("trading_accounts"."category" in ('retail', 'professional'));