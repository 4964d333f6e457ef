-- The audit trail partitioned by month of `created` (issue 37 point 2): retention drops a whole month's
-- partition instead of deleting its rows, and a month's entries stay together on disk. The table is made anew
-- and the entries copied in their order (ids kept, so the hash chains verify as before). A partitioned table's
-- primary key holds the partition key; its id comes from a sequence, as PostgreSQL 15 has no identity column on
-- a partitioned table. Entries of a month without a partition (far ahead, far back) land in the default one.
ALTER TABLE "system_audit" RENAME TO "system_audit_before_partitions";
--> statement-breakpoint
ALTER TABLE "system_audit_before_partitions" RENAME CONSTRAINT "system_audit_pkey" TO "system_audit_before_partitions_pkey";
--> statement-breakpoint
CREATE SEQUENCE "system_audit_entry_id_seq" AS bigint;
--> statement-breakpoint
CREATE TABLE "system_audit" (
	"id" bigint DEFAULT nextval('system_audit_entry_id_seq') NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer,
	"author_id" integer,
	"author" text,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"params" jsonb,
	"request_headers" jsonb,
	"request_body" jsonb,
	"response_headers" jsonb,
	"status" integer NOT NULL,
	"event" text DEFAULT 'WRITE' NOT NULL,
	"entity" text,
	"record_id" text,
	"changes" jsonb,
	"address" text,
	"client_id" integer,
	"prev_hash" text,
	"hash" text,
	CONSTRAINT "system_audit_id_created_pk" PRIMARY KEY ("id", "created")
) PARTITION BY RANGE ("created");
--> statement-breakpoint
ALTER SEQUENCE "system_audit_entry_id_seq" OWNED BY "system_audit"."id";
--> statement-breakpoint
CREATE TABLE "system_audit_default" PARTITION OF "system_audit" DEFAULT;
--> statement-breakpoint
INSERT INTO "system_audit" ("id", "created", "site_id", "author_id", "author", "method", "path", "params",
	"request_headers", "request_body", "response_headers", "status", "event", "entity", "record_id", "changes",
	"address", "client_id", "prev_hash", "hash")
SELECT "id", "created", "site_id", "author_id", "author", "method", "path", "params", "request_headers",
	"request_body", "response_headers", "status", "event", "entity", "record_id", "changes", "address",
	"client_id", "prev_hash", "hash"
FROM "system_audit_before_partitions" ORDER BY "id";
--> statement-breakpoint
SELECT setval('system_audit_entry_id_seq', coalesce((SELECT max("id") FROM "system_audit"), 0) + 1, false);
--> statement-breakpoint
DROP TABLE "system_audit_before_partitions";
--> statement-breakpoint
CREATE INDEX "system_audit_created_id_idx" ON "system_audit" USING btree ("created","id");
--> statement-breakpoint
CREATE INDEX "system_audit_site_created_idx" ON "system_audit" USING btree ("site_id","created");
--> statement-breakpoint
CREATE INDEX "system_audit_event_created_idx" ON "system_audit" USING btree ("event","created");
--> statement-breakpoint
CREATE INDEX "system_audit_entity_record_idx" ON "system_audit" USING btree ("entity","record_id");
--> statement-breakpoint
CREATE INDEX "system_audit_author_idx" ON "system_audit" USING btree ("author","created");
--> statement-breakpoint
CREATE INDEX "system_audit_author_trgm_idx" ON "system_audit" USING gin ("author" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "system_audit_path_trgm_idx" ON "system_audit" USING gin ("path" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "system_audit_method_created_idx" ON "system_audit" USING btree ("method","created");
--> statement-breakpoint
CREATE INDEX "system_audit_status_idx" ON "system_audit" USING btree ("status","created");
--> statement-breakpoint
-- The partition of the month (UTC) that holds `at`, made when missing: the month's entries waiting in the
-- default partition move into it first. Under a lock, so that two instances making it at once do not meet.
-- Answers the partition's name, `system_audit_pYYYY_MM`.
CREATE FUNCTION system_audit_partition(at timestamptz) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  month_start timestamptz := date_trunc('month', at, 'UTC');
  month_end timestamptz := date_trunc('month', at, 'UTC') + interval '1 month';
  partition_name text := 'system_audit_p' || to_char(date_trunc('month', at, 'UTC') AT TIME ZONE 'UTC', 'YYYY_MM');
BEGIN
  IF to_regclass(partition_name) IS NOT NULL THEN
    RETURN partition_name;
  END IF;
  PERFORM pg_advisory_xact_lock(7379457);
  IF to_regclass(partition_name) IS NOT NULL THEN
    RETURN partition_name;
  END IF;
  EXECUTE format('CREATE TABLE %I (LIKE system_audit INCLUDING DEFAULTS)', partition_name);
  EXECUTE format(
    'WITH moved AS (DELETE FROM system_audit_default WHERE created >= %L AND created < %L RETURNING *) INSERT INTO %I SELECT * FROM moved',
    month_start, month_end, partition_name);
  EXECUTE format('ALTER TABLE system_audit ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)',
    partition_name, month_start, month_end);
  RETURN partition_name;
END
$$;
--> statement-breakpoint
-- A partition for every month with entries, this month and the next two.
SELECT system_audit_partition(month) FROM generate_series(
  date_trunc('month', coalesce((SELECT min("created") FROM "system_audit"), now()), 'UTC'),
  date_trunc('month', now(), 'UTC') + interval '2 months',
  interval '1 month') AS month;
