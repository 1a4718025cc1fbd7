CREATE TABLE "key_result_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"key_result_id" integer NOT NULL,
	"value" double precision NOT NULL,
	"status" text,
	"confidence" integer,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "key_result_owners" (
	"key_result_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "key_result_owners_key_result_id_user_id_pk" PRIMARY KEY("key_result_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "key_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"objective_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"start_value" double precision DEFAULT 0 NOT NULL,
	"target_value" double precision DEFAULT 1 NOT NULL,
	"current_value" double precision DEFAULT 0 NOT NULL,
	"unit" text,
	"weight" double precision DEFAULT 1 NOT NULL,
	"status" text,
	"confidence" integer,
	"org_position_id" integer,
	"last_check_in_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "objective_alignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"workspace_id" integer NOT NULL,
	"objective_id" integer NOT NULL,
	"parent_objective_id" integer,
	"parent_key_result_id" integer,
	"weight" double precision DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "objective_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"objective_id" integer NOT NULL,
	"status" text,
	"confidence" integer,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "objective_owners" (
	"objective_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "objective_owners_objective_id_user_id_pk" PRIMARY KEY("objective_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "objective_tags" (
	"objective_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "objective_tags_objective_id_tag_id_pk" PRIMARY KEY("objective_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "objectives" (
	"id" serial PRIMARY KEY NOT NULL,
	"workspace_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'open' NOT NULL,
	"status_before_archive" text,
	"org_position_id" integer,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"check_in_every_days" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"workspace_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "key_result_answers" ADD CONSTRAINT "key_result_answers_key_result_id_key_results_id_fk" FOREIGN KEY ("key_result_id") REFERENCES "public"."key_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_result_answers" ADD CONSTRAINT "key_result_answers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_result_owners" ADD CONSTRAINT "key_result_owners_key_result_id_key_results_id_fk" FOREIGN KEY ("key_result_id") REFERENCES "public"."key_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_result_owners" ADD CONSTRAINT "key_result_owners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_results" ADD CONSTRAINT "key_results_objective_id_objectives_id_fk" FOREIGN KEY ("objective_id") REFERENCES "public"."objectives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_results" ADD CONSTRAINT "key_results_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_results" ADD CONSTRAINT "key_results_org_position_id_org_positions_id_fk" FOREIGN KEY ("org_position_id") REFERENCES "public"."org_positions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_results" ADD CONSTRAINT "key_results_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objective_alignments" ADD CONSTRAINT "objective_alignments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objective_alignments" ADD CONSTRAINT "objective_alignments_objective_id_objectives_id_fk" FOREIGN KEY ("objective_id") REFERENCES "public"."objectives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objective_alignments" ADD CONSTRAINT "objective_alignments_parent_objective_id_objectives_id_fk" FOREIGN KEY ("parent_objective_id") REFERENCES "public"."objectives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objective_alignments" ADD CONSTRAINT "objective_alignments_parent_key_result_id_key_results_id_fk" FOREIGN KEY ("parent_key_result_id") REFERENCES "public"."key_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objective_answers" ADD CONSTRAINT "objective_answers_objective_id_objectives_id_fk" FOREIGN KEY ("objective_id") REFERENCES "public"."objectives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objective_answers" ADD CONSTRAINT "objective_answers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objective_owners" ADD CONSTRAINT "objective_owners_objective_id_objectives_id_fk" FOREIGN KEY ("objective_id") REFERENCES "public"."objectives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objective_owners" ADD CONSTRAINT "objective_owners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objective_tags" ADD CONSTRAINT "objective_tags_objective_id_objectives_id_fk" FOREIGN KEY ("objective_id") REFERENCES "public"."objectives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objective_tags" ADD CONSTRAINT "objective_tags_tag_id_criteria_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."criteria"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objectives" ADD CONSTRAINT "objectives_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objectives" ADD CONSTRAINT "objectives_org_position_id_org_positions_id_fk" FOREIGN KEY ("org_position_id") REFERENCES "public"."org_positions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objectives" ADD CONSTRAINT "objectives_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_positions" ADD CONSTRAINT "org_positions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_positions" ADD CONSTRAINT "org_positions_parent_id_org_positions_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."org_positions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "key_result_answers_kr_idx" ON "key_result_answers" USING btree ("key_result_id","created_at");--> statement-breakpoint
CREATE INDEX "key_results_objective_idx" ON "key_results" USING btree ("objective_id");--> statement-breakpoint
CREATE INDEX "key_results_workspace_idx" ON "key_results" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "objective_alignments_workspace_idx" ON "objective_alignments" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "objective_alignments_objective_idx" ON "objective_alignments" USING btree ("objective_id");--> statement-breakpoint
CREATE INDEX "objective_answers_objective_idx" ON "objective_answers" USING btree ("objective_id");--> statement-breakpoint
CREATE INDEX "objectives_workspace_idx" ON "objectives" USING btree ("workspace_id","status");--> statement-breakpoint
CREATE INDEX "org_positions_workspace_idx" ON "org_positions" USING btree ("workspace_id");