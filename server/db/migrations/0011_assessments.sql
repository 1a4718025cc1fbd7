CREATE TABLE "assessment_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"evaluable_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"rating" integer,
	"choice" text,
	"text" text
);
--> statement-breakpoint
CREATE TABLE "assessment_evaluables" (
	"id" serial PRIMARY KEY NOT NULL,
	"assessment_id" integer NOT NULL,
	"assessor_id" integer NOT NULL,
	"evaluatee_id" integer NOT NULL,
	"rater_group" text NOT NULL,
	"team_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"submitted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessment_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"evaluable_id" integer NOT NULL,
	"uploaded_by" integer NOT NULL,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessment_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"assessment_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"options" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessments" (
	"id" serial PRIMARY KEY NOT NULL,
	"workspace_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"type" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"color" text,
	"expired_at" timestamp with time zone,
	"anonymity_threshold" smallint DEFAULT 3 NOT NULL,
	"named" boolean DEFAULT false NOT NULL,
	"released_at" timestamp with time zone,
	"status_before_archive" text,
	"is_announcement" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessment_answers" ADD CONSTRAINT "assessment_answers_evaluable_id_assessment_evaluables_id_fk" FOREIGN KEY ("evaluable_id") REFERENCES "public"."assessment_evaluables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_answers" ADD CONSTRAINT "assessment_answers_question_id_assessment_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."assessment_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_evaluables" ADD CONSTRAINT "assessment_evaluables_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_evaluables" ADD CONSTRAINT "assessment_evaluables_assessor_id_users_id_fk" FOREIGN KEY ("assessor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_evaluables" ADD CONSTRAINT "assessment_evaluables_evaluatee_id_users_id_fk" FOREIGN KEY ("evaluatee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_files" ADD CONSTRAINT "assessment_files_evaluable_id_assessment_evaluables_id_fk" FOREIGN KEY ("evaluable_id") REFERENCES "public"."assessment_evaluables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_files" ADD CONSTRAINT "assessment_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_questions" ADD CONSTRAINT "assessment_questions_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_answers_unique" ON "assessment_answers" USING btree ("evaluable_id","question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_evaluables_pair_unique" ON "assessment_evaluables" USING btree ("assessment_id","assessor_id","evaluatee_id");--> statement-breakpoint
CREATE INDEX "assessment_evaluables_assessor_idx" ON "assessment_evaluables" USING btree ("assessor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_files_storage_key_unique" ON "assessment_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "assessment_files_evaluable_idx" ON "assessment_files" USING btree ("evaluable_id");--> statement-breakpoint
CREATE INDEX "assessment_questions_assessment_idx" ON "assessment_questions" USING btree ("assessment_id","position");--> statement-breakpoint
CREATE INDEX "assessments_workspace_idx" ON "assessments" USING btree ("workspace_id","status");