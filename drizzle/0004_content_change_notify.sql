-- Blog posts change public pages too (the blog list, posts, the sitemap): announce them on their
-- own channel so every server process can drop its cached pages.
CREATE OR REPLACE FUNCTION notify_content_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('content_changes', json_build_object('table', TG_TABLE_NAME, 'op', lower(TG_OP))::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER blogs_notify_change
AFTER INSERT OR UPDATE OR DELETE ON blogs
FOR EACH STATEMENT EXECUTE FUNCTION notify_content_change();
