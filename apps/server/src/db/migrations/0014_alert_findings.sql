CREATE TABLE "alert_findings" (
	"alert_id" uuid NOT NULL,
	"reading_date" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_findings_alert_id_reading_date_pk" PRIMARY KEY("alert_id","reading_date")
);
--> statement-breakpoint
ALTER TABLE "alert_findings" ADD CONSTRAINT "alert_findings_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The alerts of the rules stored before hold their latest reading date only: the one finding known of each.
-- Manual and SMS alerts keep none: a person or a message raised them, not a rule.
INSERT INTO "alert_findings" ("alert_id", "reading_date")
SELECT "id", "reading_date" FROM "alerts" WHERE "reading_date" IS NOT NULL AND "category" IN ('Clinical', 'AdherenceCoaching');
