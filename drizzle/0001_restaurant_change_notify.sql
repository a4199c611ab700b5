-- Every change to a restaurant, from this app or any other client of the database, is announced
-- on the 'restaurant_changes' channel; the server turns it into live updates (server-sent events).
CREATE OR REPLACE FUNCTION notify_restaurant_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('restaurant_changes', json_build_object('op', 'delete', 'id', OLD.id, 'slug', OLD.slug)::text);
    RETURN OLD;
  END IF;
  PERFORM pg_notify(
    'restaurant_changes',
    json_build_object(
      'op', lower(TG_OP),
      'id', NEW.id,
      'slug', NEW.slug,
      'oldSlug', CASE WHEN TG_OP = 'UPDATE' THEN OLD.slug ELSE NULL END
    )::text
  );
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER restaurants_notify_change
AFTER INSERT OR UPDATE OR DELETE ON restaurants
FOR EACH ROW EXECUTE FUNCTION notify_restaurant_change();
