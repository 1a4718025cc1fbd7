ALTER TABLE "lti_launches" ADD COLUMN "identity_id" integer;--> statement-breakpoint
ALTER TABLE "lti_launches" ADD COLUMN "link_hash" text;--> statement-breakpoint
ALTER TABLE "lti_platforms" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lti_platforms" ADD COLUMN "approved_by" integer;--> statement-breakpoint
ALTER TABLE "lti_launches" ADD CONSTRAINT "lti_launches_identity_id_user_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."user_identities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_platforms" ADD CONSTRAINT "lti_platforms_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Registrations a supervisor made count as approved; the others wait for a supervisor.
UPDATE "lti_platforms" p SET "approved_at" = p."created_at", "approved_by" = p."owner_id"
  FROM "users" u WHERE u."id" = p."owner_id" AND u."role" = 'supervisor';--> statement-breakpoint
-- An unapproved registration keys people by its own id ('lti-platform:<id>'): the accounts it
-- made itself (same creation time as their identity) stay its own; what it linked by e-mail
-- to accounts that existed before is cut (only an approved registration of the issuer reads it).
UPDATE "user_identities" i SET "provider" = 'lti-platform:' || p."id"
  FROM "lti_platforms" p, "users" u
  WHERE p."approved_at" IS NULL AND i."provider" = 'lti:' || p."issuer"
    AND u."id" = i."user_id" AND u."created_at" = i."created_at"
    AND NOT EXISTS (
      SELECT 1 FROM "lti_platforms" o WHERE o."issuer" = p."issuer" AND o."id" <> p."id"
    );
