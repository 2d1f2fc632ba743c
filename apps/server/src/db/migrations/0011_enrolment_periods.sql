CREATE TABLE "enrolment_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "enrolment_periods" ADD CONSTRAINT "enrolment_periods_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_periods" ADD CONSTRAINT "enrolment_periods_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrolment_periods_patient_idx" ON "enrolment_periods" USING btree ("patient_id");--> statement-breakpoint
-- One period per patient with an enrolment, from enrolled_at, which held only the latest enrolment (an earlier
-- one of a patient enrolled again is not known). A patient not enrolled now was unenrolled by the last save of
-- the form that turned enrolment off, as the audit trail holds it; without such an event, by updated_at, the
-- patient's last change of any kind, which an unenrolment cannot postdate (decision 0013).
INSERT INTO "enrolment_periods" ("clinic_id", "patient_id", "started_at", "ended_at")
SELECT p."clinic_id", p."id", p."enrolled_at",
  CASE WHEN NOT p."enrolled" THEN coalesce(
    (SELECT max(e."occurred_at") FROM "audit_events" e
      WHERE e."patient_id" = p."id" AND e."action" = 'patient.updated'
        AND e."details" -> 'after' ->> 'enrolled' = 'false' AND e."occurred_at" >= p."enrolled_at"),
    greatest(p."updated_at", p."enrolled_at"))
  END
FROM "patients" p
WHERE p."enrolled_at" IS NOT NULL;
