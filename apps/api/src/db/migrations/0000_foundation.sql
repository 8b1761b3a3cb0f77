CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"country" text NOT NULL,
	"password_hash" text NOT NULL,
	"email_verified_at" timestamp with time zone,
	"referral_code" text NOT NULL,
	"referred_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_email_lower_case" CHECK ("clients"."email" = lower("clients"."email"))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text NOT NULL,
	"client_id" uuid,
	"staff_id" uuid,
	"scope" text DEFAULT 'full' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_kind_valid" CHECK ("sessions"."kind" in ('client', 'staff')),
	CONSTRAINT "sessions_scope_valid" CHECK ("sessions"."scope" in ('full', 'totp-enrolment')),
	CONSTRAINT "sessions_owner_matches_kind" CHECK (("sessions"."kind" = 'client' and "sessions"."client_id" is not null and "sessions"."staff_id" is null and "sessions"."scope" = 'full') or ("sessions"."kind" = 'staff' and "sessions"."staff_id" is not null and "sessions"."client_id" is null))
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"totp_secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone,
	CONSTRAINT "staff_role_valid" CHECK ("staff"."role" in ('owner', 'operations', 'support', 'compliance'))
);
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_referred_by_clients_id_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_email_unique" ON "clients" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_referral_code_unique" ON "clients" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "clients_created_at_idx" ON "clients" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "clients_referred_by_idx" ON "clients" USING btree ("referred_by");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_unique" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_client_id_idx" ON "sessions" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "sessions_staff_id_idx" ON "sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_username_unique" ON "staff" USING btree (lower("username"));