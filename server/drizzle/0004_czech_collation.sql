-- Czech collation of names (issue 11): 'Černá' before 'Dvořák', 'Chlup' after 'Hora', 'Ústav' before 'Věra'.
-- PostgreSQL 15 has ICU's Czech locale (cs-CZ); the embedded PGlite has ICU without locale data, where cs-CZ
-- falls back to the root order, but it takes tailoring rules (PostgreSQL 16+), and these rules give the same
-- order as cs-CZ on PostgreSQL 15. So: the rules where they are understood, else the Czech locale, else (a
-- server built without ICU) the database's default order, so that the migration never fails.
DO $$
BEGIN
  BEGIN
    EXECUTE $sql$CREATE COLLATION "czech" (provider = icu, locale = 'und', rules = '&C<č<<<Č &H<ch<<<cH<<<Ch<<<CH &R<ř<<<Ř &S<š<<<Š &Z<ž<<<Ž')$sql$;
  EXCEPTION WHEN others THEN
    BEGIN
      EXECUTE $sql$CREATE COLLATION "czech" (provider = icu, locale = 'cs-CZ')$sql$;
    EXCEPTION WHEN others THEN
      EXECUTE $sql$CREATE COLLATION "czech" FROM "default"$sql$;
    END;
  END;
END
$$;--> statement-breakpoint
-- The name columns take it, so that their sorts and the indexes on them (rebuilt here) follow it; the type
-- stays text, so no table is rewritten. The collation is deterministic: uniqueness is unchanged.
ALTER TABLE "system_site" ALTER COLUMN "name" TYPE text COLLATE "czech";
--> statement-breakpoint
ALTER TABLE "system_person" ALTER COLUMN "first_name" TYPE text COLLATE "czech", ALTER COLUMN "last_name" TYPE text COLLATE "czech";
--> statement-breakpoint
ALTER TABLE "access_group" ALTER COLUMN "name" TYPE text COLLATE "czech";
--> statement-breakpoint
ALTER TABLE "system_client" ALTER COLUMN "name" TYPE text COLLATE "czech";
--> statement-breakpoint
ALTER TABLE "system_site_district" ALTER COLUMN "name" TYPE text COLLATE "czech";
--> statement-breakpoint
ALTER TABLE "system_site_gate" ALTER COLUMN "name" TYPE text COLLATE "czech";
--> statement-breakpoint
ALTER TABLE "system_site_identity_document" ALTER COLUMN "name" TYPE text COLLATE "czech";
--> statement-breakpoint
ALTER TABLE "system_public_holiday" ALTER COLUMN "name" TYPE text COLLATE "czech";
--> statement-breakpoint
ALTER TABLE "system_person_group" ALTER COLUMN "name" TYPE text COLLATE "czech";
--> statement-breakpoint
ALTER TABLE "blacklist" ALTER COLUMN "first_name" TYPE text COLLATE "czech", ALTER COLUMN "last_name" TYPE text COLLATE "czech";
--> statement-breakpoint
ALTER TABLE "visit_purpose" ALTER COLUMN "name" TYPE text COLLATE "czech";
--> statement-breakpoint
ALTER TABLE "visit_visited" ALTER COLUMN "first_name" TYPE text COLLATE "czech", ALTER COLUMN "last_name" TYPE text COLLATE "czech", ALTER COLUMN "company" TYPE text COLLATE "czech";
--> statement-breakpoint
ALTER TABLE "visit_card" ALTER COLUMN "name" TYPE text COLLATE "czech";
--> statement-breakpoint
ALTER TABLE "visit" ALTER COLUMN "first_name" TYPE text COLLATE "czech", ALTER COLUMN "last_name" TYPE text COLLATE "czech", ALTER COLUMN "company" TYPE text COLLATE "czech", ALTER COLUMN "visited_last_name" TYPE text COLLATE "czech";
--> statement-breakpoint
ALTER TABLE "visit_advice_category" ALTER COLUMN "name" TYPE text COLLATE "czech";
--> statement-breakpoint
ALTER TABLE "visit_advice" ALTER COLUMN "first_name" TYPE text COLLATE "czech", ALTER COLUMN "last_name" TYPE text COLLATE "czech", ALTER COLUMN "company" TYPE text COLLATE "czech";
--> statement-breakpoint
ALTER TABLE "system_file" ALTER COLUMN "name" TYPE text COLLATE "czech";
--> statement-breakpoint
ALTER TABLE "visit_accompaniment" ALTER COLUMN "name" TYPE text COLLATE "czech";
