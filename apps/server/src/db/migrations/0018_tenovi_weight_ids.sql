-- A Tenovi weight's id holds its instant in one notation (decision 0009, 2026-11-29): the same weight sent once with
-- 'Z' and once in seconds had been stored twice. 'TV-1:weight:1795968459:0' becomes
-- 'TV-1:weight:2026-11-29T16:07:39.000Z:0', as the adapter names it now, so that a resend of a weight stored before is
-- still known. Where two stored weights would take one name (the same weight stored in two notations), both keep
-- theirs.
WITH "renamed" AS (
  SELECT r."id",
    substring(r."vendor_reading_id" from '^(.*?):weight:') || ':weight:' ||
      to_char(r."taken_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || ':' ||
      substring(r."vendor_reading_id" from ':([^:]*)$') AS "name"
  FROM "readings" r
  WHERE r."source" = 'TENOVI' AND r."vendor_reading_id" ~ ':weight:'
)
UPDATE "readings" r
SET "vendor_reading_id" = n."name"
FROM "renamed" n
WHERE r."id" = n."id" AND n."name" IS NOT NULL AND r."vendor_reading_id" <> n."name"
  AND (SELECT count(*) FROM "renamed" o WHERE o."name" = n."name") = 1
  AND NOT EXISTS (SELECT 1 FROM "readings" o WHERE o."source" = 'TENOVI' AND o."vendor_reading_id" = n."name");
