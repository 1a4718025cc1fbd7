DROP INDEX "skills_name_unique";--> statement-breakpoint
ALTER TABLE "skills" ADD COLUMN "name_vi" text;--> statement-breakpoint
ALTER TABLE "skills" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "skills" ADD COLUMN "workspace_id" integer;--> statement-breakpoint
ALTER TABLE "skills" ADD COLUMN "search_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "skills" ADD CONSTRAINT "skills_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "skills_scope_name_unique" ON "skills" USING btree (coalesce("workspace_id", 0),lower("name"));--> statement-breakpoint
CREATE INDEX "skills_workspace_idx" ON "skills" USING btree ("workspace_id");--> statement-breakpoint
UPDATE "skills" SET "search_key" = lower("name");