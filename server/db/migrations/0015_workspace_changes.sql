CREATE TABLE "workspace_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"workspace_id" integer NOT NULL,
	"weight" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "workspace_changes_workspace_idx" ON "workspace_changes" USING btree ("workspace_id","weight");--> statement-breakpoint
-- A row in workspace_changes for each workspace a statement changed. TG_ARGV[0] is the SQL of
-- a changed row's workspace id over the alias "changed"; rows are read from the statement's
-- transition tables, so a statement that changes a thousand rows adds one row per workspace.
CREATE FUNCTION "note_workspace_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO workspace_changes (workspace_id) SELECT DISTINCT w FROM (SELECT %s AS w FROM (%s) AS changed) AS ids WHERE w IS NOT NULL',
    TG_ARGV[0],
    CASE TG_OP
      WHEN 'INSERT' THEN 'SELECT * FROM new_rows'
      WHEN 'DELETE' THEN 'SELECT * FROM old_rows'
      ELSE 'SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows'
    END);
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  watched record;
BEGIN
  FOR watched IN SELECT * FROM (VALUES
    ('tasks', 'changed.workspace_id'),
    ('criteria', 'changed.workspace_id'),
    ('workspace_members', 'changed.workspace_id'),
    ('teams', 'changed.workspace_id'),
    ('task_assignments', '(SELECT workspace_id FROM tasks WHERE id = changed.task_id)'),
    ('task_reviewers', '(SELECT workspace_id FROM tasks WHERE id = changed.task_id)'),
    ('task_tags', '(SELECT workspace_id FROM tasks WHERE id = changed.task_id)'),
    ('task_key_results', '(SELECT workspace_id FROM tasks WHERE id = changed.task_id)'),
    ('team_members', '(SELECT workspace_id FROM teams WHERE id = changed.team_id)')
  ) AS v(name, workspace) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION note_workspace_changes(%L)', watched.name || '_inserted', watched.name, watched.workspace);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION note_workspace_changes(%L)', watched.name || '_updated', watched.name, watched.workspace);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION note_workspace_changes(%L)', watched.name || '_deleted', watched.name, watched.workspace);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TRIGGER "workspaces_updated" AFTER UPDATE ON "workspaces" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION note_workspace_changes('changed.id');
--> statement-breakpoint
-- A person's name, email, picture or state shows in every workspace they belong to or have
-- tasks in (a former member stays on the tasks they created, did or reviewed).
CREATE FUNCTION "note_people_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO workspace_changes (workspace_id)
  WITH changed_people AS (
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.first_name, n.last_name, n.email, n.avatar_url, n.deleted_at, n.deactivated_at)
      IS DISTINCT FROM (o.first_name, o.last_name, o.email, o.avatar_url, o.deleted_at, o.deactivated_at)
  )
  SELECT DISTINCT w FROM (
    SELECT m.workspace_id AS w FROM workspace_members m JOIN changed_people p ON p.id = m.user_id
    UNION SELECT t.workspace_id FROM tasks t JOIN changed_people p ON p.id = t.created_by
    UNION SELECT t.workspace_id FROM task_assignments a JOIN tasks t ON t.id = a.task_id
      JOIN changed_people p ON p.id = a.user_id
    UNION SELECT t.workspace_id FROM task_reviewers r JOIN tasks t ON t.id = r.task_id
      JOIN changed_people p ON p.id = r.user_id
  ) AS ids;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_updated" AFTER UPDATE ON "users" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION note_people_changes();
