-- Licence plates are stored in one normal form: upper case, without spaces and dashes (the contract's
-- normalizePlate), so that '1AB 2345', '1ab-2345' and '1AB2345' are one plate wherever plates are looked up.
-- Columns without a unique key are normalized in place.
UPDATE "vehicle_movement" SET "plate" = upper(regexp_replace("plate", '[[:space:]-]', '', 'g'))
  WHERE "plate" ~ '[[:space:]a-z-]';--> statement-breakpoint
UPDATE "vehicle_movement" SET "trailer_plate" = upper(regexp_replace("trailer_plate", '[[:space:]-]', '', 'g'))
  WHERE "trailer_plate" ~ '[[:space:]a-z-]';--> statement-breakpoint
UPDATE "vehicle_advice" SET "vehicle_plate" = upper(regexp_replace("vehicle_plate", '[[:space:]-]', '', 'g'))
  WHERE "vehicle_plate" ~ '[[:space:]a-z-]';--> statement-breakpoint
UPDATE "vehicle_advice" SET "trailer_plate" = upper(regexp_replace("trailer_plate", '[[:space:]-]', '', 'g'))
  WHERE "trailer_plate" ~ '[[:space:]a-z-]';--> statement-breakpoint
UPDATE "anpr_read" SET "plate" = upper(regexp_replace("plate", '[[:space:]-]', '', 'g'))
  WHERE "plate" ~ '[[:space:]a-z-]';--> statement-breakpoint
UPDATE "anpr_read" SET "matched_plate" = upper(regexp_replace("matched_plate", '[[:space:]-]', '', 'g'))
  WHERE "matched_plate" ~ '[[:space:]a-z-]';--> statement-breakpoint
UPDATE "anpr_read" SET "vehicle_matched_plate" = upper(regexp_replace("vehicle_matched_plate", '[[:space:]-]', '', 'g'))
  WHERE "vehicle_matched_plate" ~ '[[:space:]a-z-]';--> statement-breakpoint
UPDATE "visit" SET "vehicle_plate" = upper(regexp_replace("vehicle_plate", '[[:space:]-]', '', 'g'))
  WHERE "vehicle_plate" ~ '[[:space:]a-z-]';--> statement-breakpoint
UPDATE "visit_advice" SET "vehicle_plate" = upper(regexp_replace("vehicle_plate", '[[:space:]-]', '', 'g'))
  WHERE "vehicle_plate" ~ '[[:space:]a-z-]';--> statement-breakpoint
UPDATE "logistics_transport" SET "licence_plate" = upper(regexp_replace("licence_plate", '[[:space:]-]', '', 'g'))
  WHERE "licence_plate" ~ '[[:space:]a-z-]';--> statement-breakpoint
-- The blacklist has one entry per plate and site (blacklist_licence_plate_uq): entries that become the same
-- plate are merged into the oldest one. It keeps its reason; the note gains the reasons and notes of the
-- others (nothing an administrator wrote is lost), their hits point to it, and the others go.
CREATE TEMPORARY TABLE "plate_merge" AS
  SELECT "id", "site_id", "reason", "note",
    upper(regexp_replace("licence_plate", '[[:space:]-]', '', 'g')) AS "plate",
    min("id") OVER (PARTITION BY "site_id", upper(regexp_replace("licence_plate", '[[:space:]-]', '', 'g'))) AS "kept"
  FROM "blacklist" WHERE "licence_plate" IS NOT NULL;--> statement-breakpoint
UPDATE "blacklist" SET "note" = left(concat_ws(E'\n', "blacklist"."note", merged."text"), 2000)
  FROM (
    SELECT "kept", string_agg(concat_ws(': ', "reason", "note"), E'\n' ORDER BY "id") AS "text"
    FROM "plate_merge" WHERE "id" <> "kept" GROUP BY "kept"
  ) AS merged
  WHERE "blacklist"."id" = merged."kept";--> statement-breakpoint
UPDATE "visit_blacklist_hit" SET "blacklist_id" = m."kept"
  FROM "plate_merge" m WHERE "visit_blacklist_hit"."blacklist_id" = m."id" AND m."id" <> m."kept";--> statement-breakpoint
UPDATE "vehicle_blacklist_hit" SET "blacklist_id" = m."kept"
  FROM "plate_merge" m WHERE "vehicle_blacklist_hit"."blacklist_id" = m."id" AND m."id" <> m."kept";--> statement-breakpoint
DELETE FROM "blacklist" USING "plate_merge" m WHERE "blacklist"."id" = m."id" AND m."id" <> m."kept";--> statement-breakpoint
UPDATE "blacklist" SET "licence_plate" = m."plate"
  FROM "plate_merge" m WHERE "blacklist"."id" = m."id" AND "blacklist"."licence_plate" <> m."plate";--> statement-breakpoint
DROP TABLE "plate_merge";
