CREATE TABLE "billing_setups" (
	"patient_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"enrolled_at" timestamp with time zone NOT NULL,
	"month" integer NOT NULL,
	"year" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monthly_report_emails" (
	"patient_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"month" integer NOT NULL,
	"year" integer NOT NULL,
	"outbox_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"physician_id" uuid,
	"requested_by" uuid NOT NULL,
	"month" integer NOT NULL,
	"year" integer NOT NULL,
	"version" text NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"file_name" text NOT NULL,
	"storage_key" text,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "billing_setups" ADD CONSTRAINT "billing_setups_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_setups" ADD CONSTRAINT "billing_setups_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_report_emails" ADD CONSTRAINT "monthly_report_emails_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_report_emails" ADD CONSTRAINT "monthly_report_emails_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_physician_id_users_id_fk" FOREIGN KEY ("physician_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_setups_enrolment_unique" ON "billing_setups" USING btree ("patient_id","enrolled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "monthly_report_emails_unique" ON "monthly_report_emails" USING btree ("patient_id","year","month");--> statement-breakpoint
CREATE INDEX "reports_requested_by_idx" ON "reports" USING btree ("requested_by","created_at");--> statement-breakpoint
CREATE INDEX "reports_clinic_idx" ON "reports" USING btree ("clinic_id");