CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"category" text NOT NULL,
	"type" text NOT NULL,
	"reading_date" timestamp with time zone,
	"snoozed_until" timestamp with time zone,
	"custom_description" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone,
	"dismissed_by" uuid,
	"dismiss_note" text
);
--> statement-breakpoint
CREATE TABLE "calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_care_team" (
	"clinic_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_care_team_patient_id_user_id_role_pk" PRIMARY KEY("patient_id","user_id","role")
);
--> statement-breakpoint
CREATE TABLE "patient_day_rollups" (
	"clinic_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"day" date NOT NULL,
	"readings" integer DEFAULT 0 NOT NULL,
	"device_readings" integer DEFAULT 0 NOT NULL,
	"tracked_seconds" integer DEFAULT 0 NOT NULL,
	"attempted_calls" integer DEFAULT 0 NOT NULL,
	"completed_calls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "patient_day_rollups_patient_id_day_pk" PRIMARY KEY("patient_id","day")
);
--> statement-breakpoint
CREATE TABLE "patient_metrics" (
	"patient_id" uuid PRIMARY KEY NOT NULL,
	"clinic_id" uuid NOT NULL,
	"percentage_readings_on_target" integer,
	"avg_systolic" integer,
	"avg_diastolic" integer,
	"percentage_readings_compliant" integer DEFAULT 0 NOT NULL,
	"most_recent_weight" real,
	"has_acute_weight_gain" boolean DEFAULT false NOT NULL,
	"has_intermediate_weight_gain" boolean DEFAULT false NOT NULL,
	"num_days_with_readings" integer DEFAULT 0 NOT NULL,
	"last_reading" timestamp with time zone,
	"last_bp_reading_at" timestamp with time zone,
	"last_bp_systolic" integer,
	"last_bp_diastolic" integer,
	"num_active_alerts" integer DEFAULT 0 NOT NULL,
	"highest_priority_alert_category" text,
	"last_completed_call" timestamp with time zone,
	"last_attempted_call" timestamp with time zone,
	"attempted_calls_count" integer DEFAULT 0 NOT NULL,
	"tracked_time_this_month" integer DEFAULT 0 NOT NULL,
	"priority_score" integer NOT NULL,
	"next_snooze_end" timestamp with time zone,
	"metrics_month" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "readings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"time_zone" text,
	"systolic" integer,
	"diastolic" integer,
	"heart_rate" integer,
	"weight_lbs" real,
	"source" text NOT NULL,
	"vendor_reading_id" text,
	"device_id" uuid,
	"raw" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" uuid
);
--> statement-breakpoint
CREATE TABLE "time_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"seconds" integer NOT NULL,
	"kind" text NOT NULL,
	"note" text,
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "sex" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "time_zone" text DEFAULT 'America/Los_Angeles' NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "phones" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "address" jsonb;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "preferences" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "device_info" jsonb;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "medical_info" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "mr" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "diagnosis" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "monthly_report_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "consent_status" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "consent_user_id" uuid;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "consent_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "connect_devices" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "shipping_address" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "ever_enrolled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "enrolled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "high_priority" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "custom_alerts" jsonb;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "last_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "last_reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_dismissed_by_users_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_care_team" ADD CONSTRAINT "patient_care_team_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_care_team" ADD CONSTRAINT "patient_care_team_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_care_team" ADD CONSTRAINT "patient_care_team_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_day_rollups" ADD CONSTRAINT "patient_day_rollups_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_day_rollups" ADD CONSTRAINT "patient_day_rollups_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_metrics" ADD CONSTRAINT "patient_metrics_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_metrics" ADD CONSTRAINT "patient_metrics_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readings" ADD CONSTRAINT "readings_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readings" ADD CONSTRAINT "readings_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readings" ADD CONSTRAINT "readings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readings" ADD CONSTRAINT "readings_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_patient_idx" ON "alerts" USING btree ("patient_id","type");--> statement-breakpoint
CREATE INDEX "calls_patient_idx" ON "calls" USING btree ("patient_id","at");--> statement-breakpoint
CREATE INDEX "patient_care_team_user_idx" ON "patient_care_team" USING btree ("user_id","role");--> statement-breakpoint
CREATE INDEX "patient_day_rollups_clinic_day_idx" ON "patient_day_rollups" USING btree ("clinic_id","day");--> statement-breakpoint
CREATE INDEX "patient_metrics_clinic_score_idx" ON "patient_metrics" USING btree ("clinic_id","priority_score");--> statement-breakpoint
CREATE INDEX "patient_metrics_score_idx" ON "patient_metrics" USING btree ("priority_score");--> statement-breakpoint
CREATE INDEX "patient_metrics_snooze_idx" ON "patient_metrics" USING btree ("next_snooze_end") WHERE "patient_metrics"."next_snooze_end" is not null;--> statement-breakpoint
CREATE INDEX "readings_patient_taken_idx" ON "readings" USING btree ("patient_id","taken_at");--> statement-breakpoint
CREATE UNIQUE INDEX "readings_source_vendor_unique" ON "readings" USING btree ("source","vendor_reading_id") WHERE "readings"."vendor_reading_id" is not null;--> statement-breakpoint
CREATE INDEX "time_entries_patient_idx" ON "time_entries" USING btree ("patient_id","at");--> statement-breakpoint
CREATE INDEX "time_entries_user_idx" ON "time_entries" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "time_entries_bulk_day_idx" ON "time_entries" USING btree ("patient_id","kind","day");--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_consent_user_id_users_id_fk" FOREIGN KEY ("consent_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_last_reviewed_by_users_id_fk" FOREIGN KEY ("last_reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patients_physician_idx" ON "patients" USING btree ("assigned_physician_id");