ALTER TABLE "assessment_evaluables" ADD COLUMN "report_pool" text;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "rater_rules" jsonb;--> statement-breakpoint
-- Answers handed in before report pools existed go into the pools the reports formed from them
-- (groups of 3 or more alone, the rest together in "other" when that makes 3), so every report
-- reads the same as before; the rest wait to be counted with later answers.
UPDATE "assessment_evaluables" SET "report_pool" = 'self'
WHERE "status" = 'submitted' AND "rater_group" = 'self';--> statement-breakpoint
WITH "answered" AS (
  SELECT e."id", e."assessment_id", e."evaluatee_id", e."rater_group",
    count(*) OVER (PARTITION BY e."assessment_id", e."evaluatee_id", e."rater_group") AS "in_group"
  FROM "assessment_evaluables" e
  WHERE e."status" = 'submitted' AND e."rater_group" <> 'self'
    AND EXISTS (SELECT 1 FROM "assessment_answers" a WHERE a."evaluable_id" = e."id")
), "pooled" AS (
  SELECT "id", "assessment_id", "evaluatee_id",
    CASE WHEN "rater_group" IN ('peer', 'reviewer') AND "in_group" >= 3 THEN "rater_group"
      ELSE 'other' END AS "pool"
  FROM "answered"
), "sized" AS (
  SELECT "id", "pool",
    count(*) OVER (PARTITION BY "assessment_id", "evaluatee_id", "pool") AS "in_pool"
  FROM "pooled"
)
UPDATE "assessment_evaluables" e SET "report_pool" = s."pool"
FROM "sized" s
WHERE e."id" = s."id" AND (s."pool" <> 'other' OR s."in_pool" >= 3);
