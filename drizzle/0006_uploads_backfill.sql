-- Custom migration (hand-written, data only): files that restaurants already name are recorded in
-- `uploads` as attached to their restaurant, so existing installs keep them (ADR 006, update
-- 2026-11-23). System-made (no uploader). A URL named by several restaurants is attached to one of
-- them; the others still keep it, since a restaurant may always keep a file it already names, and
-- no file is deleted while any restaurant or blog post names it.
INSERT INTO "uploads" ("url", "kind", "uploaded_by", "restaurant_id", "attached_at")
SELECT DISTINCT ON ("named"."url") "named"."url", "named"."kind", NULL, "named"."restaurant_id", now()
FROM (
  SELECT "id" AS "restaurant_id", "photo" AS "url", 'photo' AS "kind" FROM "restaurants" WHERE "photo" LIKE '/uploads/%'
  UNION ALL
  SELECT "id", "teuda", 'teuda' FROM "restaurants" WHERE "teuda" LIKE '/uploads/%'
  UNION ALL
  SELECT "id", "menu_link", 'pdf' FROM "restaurants" WHERE "menu_link" LIKE '/uploads/%'
  UNION ALL
  SELECT "r"."id", "image"->>'url', 'menu' FROM "restaurants" "r", jsonb_array_elements("r"."menu_images") AS "image"
  WHERE jsonb_typeof("image") = 'object' AND "image"->>'url' LIKE '/uploads/%'
) AS "named"
ORDER BY "named"."url", "named"."restaurant_id"
ON CONFLICT ("url") DO NOTHING;
