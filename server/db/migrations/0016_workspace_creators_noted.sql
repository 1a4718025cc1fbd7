CREATE INDEX "workspaces_created_by_idx" ON "workspaces" USING btree ("created_by");--> statement-breakpoint
-- The workspace list shows each workspace's creator, who may have left it: a change to their
-- name, email, picture or state now counts as a change of the workspaces they created too.
CREATE OR REPLACE FUNCTION "note_people_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO workspace_changes (workspace_id)
  WITH changed_people AS (
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.first_name, n.last_name, n.email, n.avatar_url, n.deleted_at, n.deactivated_at)
      IS DISTINCT FROM (o.first_name, o.last_name, o.email, o.avatar_url, o.deleted_at, o.deactivated_at)
  )
  SELECT DISTINCT w FROM (
    SELECT m.workspace_id AS w FROM workspace_members m JOIN changed_people p ON p.id = m.user_id
    UNION SELECT ws.id FROM workspaces ws JOIN changed_people p ON p.id = ws.created_by
    UNION SELECT t.workspace_id FROM tasks t JOIN changed_people p ON p.id = t.created_by
    UNION SELECT t.workspace_id FROM task_assignments a JOIN tasks t ON t.id = a.task_id
      JOIN changed_people p ON p.id = a.user_id
    UNION SELECT t.workspace_id FROM task_reviewers r JOIN tasks t ON t.id = r.task_id
      JOIN changed_people p ON p.id = r.user_id
  ) AS ids;
  RETURN NULL;
END $$;
