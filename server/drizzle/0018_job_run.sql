CREATE TABLE "job_run" (
	"job" text PRIMARY KEY NOT NULL,
	"period" bigint NOT NULL,
	"started" timestamp with time zone NOT NULL,
	"finished" timestamp with time zone,
	"instance" text NOT NULL
);
