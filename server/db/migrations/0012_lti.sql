CREATE TABLE "lti_contexts" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"context_id" text NOT NULL,
	"deployment_id" text NOT NULL,
	"title" text,
	"workspace_id" integer NOT NULL,
	"line_items_url" text,
	"ags_scopes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"memberships_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lti_launches" (
	"id" serial PRIMARY KEY NOT NULL,
	"handle_hash" text NOT NULL,
	"platform_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"workspace_id" integer,
	"deep_linking" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "lti_launches_handle_hash_unique" UNIQUE("handle_hash")
);
--> statement-breakpoint
CREATE TABLE "lti_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"context_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"subject" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_nonces" (
	"platform_id" integer NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_platforms" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"deployment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"auth_login_url" text NOT NULL,
	"access_token_url" text NOT NULL,
	"jwks_url" text NOT NULL,
	"trust_emails" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"owner_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lti_contexts" ADD CONSTRAINT "lti_contexts_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_contexts" ADD CONSTRAINT "lti_contexts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_launches" ADD CONSTRAINT "lti_launches_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_launches" ADD CONSTRAINT "lti_launches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_launches" ADD CONSTRAINT "lti_launches_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_members" ADD CONSTRAINT "lti_members_context_id_lti_contexts_id_fk" FOREIGN KEY ("context_id") REFERENCES "public"."lti_contexts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_members" ADD CONSTRAINT "lti_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_nonces" ADD CONSTRAINT "lti_nonces_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_platforms" ADD CONSTRAINT "lti_platforms_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lti_contexts_unique" ON "lti_contexts" USING btree ("platform_id","context_id");--> statement-breakpoint
CREATE INDEX "lti_contexts_workspace_idx" ON "lti_contexts" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lti_members_unique" ON "lti_members" USING btree ("context_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lti_nonces_unique" ON "lti_nonces" USING btree ("platform_id","nonce");--> statement-breakpoint
CREATE UNIQUE INDEX "lti_platforms_issuer_client" ON "lti_platforms" USING btree ("issuer","client_id");