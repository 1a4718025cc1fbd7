CREATE TABLE "recruit_candidate_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"candidate_id" integer NOT NULL,
	"job_id" integer,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruit_candidate_skills" (
	"candidate_id" integer NOT NULL,
	"skill_id" integer NOT NULL,
	"source" text NOT NULL,
	"evidence" text NOT NULL,
	CONSTRAINT "recruit_candidate_skills_candidate_id_skill_id_pk" PRIMARY KEY("candidate_id","skill_id")
);
--> statement-breakpoint
CREATE TABLE "recruit_candidates" (
	"id" serial PRIMARY KEY NOT NULL,
	"workspace_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"phone_key" text,
	"user_id" integer,
	"profile_consent" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"experience" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruit_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"candidate_id" integer NOT NULL,
	"job_id" integer,
	"kind" text NOT NULL,
	"actor_id" integer,
	"from_stage" text,
	"to_stage" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruit_job_candidates" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"candidate_id" integer NOT NULL,
	"stage" text DEFAULT 'applied' NOT NULL,
	"rejection_reason" text,
	"note" text,
	"knockout_answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruit_job_skills" (
	"job_id" integer NOT NULL,
	"skill_id" integer NOT NULL,
	"weight" smallint NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	CONSTRAINT "recruit_job_skills_job_id_skill_id_pk" PRIMARY KEY("job_id","skill_id")
);
--> statement-breakpoint
CREATE TABLE "recruit_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"workspace_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"closed_at" date,
	"knockout_questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scorecard_criteria" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stage_names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruit_scorecards" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_candidate_id" integer NOT NULL,
	"interviewer_id" integer,
	"ratings" jsonb NOT NULL,
	"verdict" text NOT NULL,
	"note" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recruit_candidate_files" ADD CONSTRAINT "recruit_candidate_files_candidate_id_recruit_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."recruit_candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruit_candidate_files" ADD CONSTRAINT "recruit_candidate_files_job_id_recruit_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."recruit_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruit_candidate_skills" ADD CONSTRAINT "recruit_candidate_skills_candidate_id_recruit_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."recruit_candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruit_candidate_skills" ADD CONSTRAINT "recruit_candidate_skills_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruit_candidates" ADD CONSTRAINT "recruit_candidates_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruit_candidates" ADD CONSTRAINT "recruit_candidates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruit_history" ADD CONSTRAINT "recruit_history_candidate_id_recruit_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."recruit_candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruit_history" ADD CONSTRAINT "recruit_history_job_id_recruit_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."recruit_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruit_history" ADD CONSTRAINT "recruit_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruit_job_candidates" ADD CONSTRAINT "recruit_job_candidates_job_id_recruit_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."recruit_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruit_job_candidates" ADD CONSTRAINT "recruit_job_candidates_candidate_id_recruit_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."recruit_candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruit_job_skills" ADD CONSTRAINT "recruit_job_skills_job_id_recruit_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."recruit_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruit_job_skills" ADD CONSTRAINT "recruit_job_skills_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruit_jobs" ADD CONSTRAINT "recruit_jobs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruit_jobs" ADD CONSTRAINT "recruit_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruit_scorecards" ADD CONSTRAINT "recruit_scorecards_job_candidate_id_recruit_job_candidates_id_fk" FOREIGN KEY ("job_candidate_id") REFERENCES "public"."recruit_job_candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruit_scorecards" ADD CONSTRAINT "recruit_scorecards_interviewer_id_users_id_fk" FOREIGN KEY ("interviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recruit_candidate_files_candidate_idx" ON "recruit_candidate_files" USING btree ("candidate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recruit_candidate_files_storage_key_unique" ON "recruit_candidate_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "recruit_candidate_skills_skill_idx" ON "recruit_candidate_skills" USING btree ("skill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recruit_candidates_email_unique" ON "recruit_candidates" USING btree ("workspace_id","email") WHERE "recruit_candidates"."email" is not null;--> statement-breakpoint
CREATE INDEX "recruit_candidates_phone_idx" ON "recruit_candidates" USING btree ("workspace_id","phone_key");--> statement-breakpoint
CREATE INDEX "recruit_candidates_user_idx" ON "recruit_candidates" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "recruit_history_candidate_idx" ON "recruit_history" USING btree ("candidate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recruit_job_candidates_unique" ON "recruit_job_candidates" USING btree ("job_id","candidate_id");--> statement-breakpoint
CREATE INDEX "recruit_job_candidates_candidate_idx" ON "recruit_job_candidates" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "recruit_jobs_workspace_idx" ON "recruit_jobs" USING btree ("workspace_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "recruit_scorecards_unique" ON "recruit_scorecards" USING btree ("job_candidate_id","interviewer_id");