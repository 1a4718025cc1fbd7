ALTER TABLE "one_time_tokens" ADD COLUMN "selector" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD COLUMN "token_selector" text;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_tokens_selector_unique" ON "one_time_tokens" USING btree ("purpose","selector");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invitations_selector_unique" ON "workspace_invitations" USING btree ("token_selector");