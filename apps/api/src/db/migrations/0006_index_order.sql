DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_staff_idx";--> statement-breakpoint
DROP INDEX "client_documents_client_idx";--> statement-breakpoint
DROP INDEX "client_tokens_client_purpose_idx";--> statement-breakpoint
DROP INDEX "client_transactions_client_created_idx";--> statement-breakpoint
DROP INDEX "client_transactions_client_type_idx";--> statement-breakpoint
DROP INDEX "client_transactions_client_status_idx";--> statement-breakpoint
DROP INDEX "ledger_transfers_debit_created_idx";--> statement-breakpoint
DROP INDEX "ledger_transfers_credit_created_idx";--> statement-breakpoint
DROP INDEX "mail_outbox_client_idx";--> statement-breakpoint
DROP INDEX "subscriptions_client_created_idx";--> statement-breakpoint
DROP INDEX "subscriptions_created_idx";--> statement-breakpoint
DROP INDEX "support_tickets_client_created_idx";--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_staff_idx" ON "audit_log" USING btree ("staff_id","created_at");--> statement-breakpoint
CREATE INDEX "client_documents_client_idx" ON "client_documents" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "client_tokens_client_purpose_idx" ON "client_tokens" USING btree ("client_id","purpose","created_at");--> statement-breakpoint
CREATE INDEX "client_transactions_client_created_idx" ON "client_transactions" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "client_transactions_client_type_idx" ON "client_transactions" USING btree ("client_id","type","created_at","id");--> statement-breakpoint
CREATE INDEX "client_transactions_client_status_idx" ON "client_transactions" USING btree ("client_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_created_idx" ON "ledger_transfers" USING btree ("debit_account_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_created_idx" ON "ledger_transfers" USING btree ("credit_account_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_client_idx" ON "mail_outbox" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_client_created_idx" ON "subscriptions" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "subscriptions_created_idx" ON "subscriptions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "support_tickets_client_created_idx" ON "support_tickets" USING btree ("client_id","created_at");