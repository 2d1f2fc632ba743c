CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand" text NOT NULL,
	"type" text,
	"serial_number" text NOT NULL,
	"hub_serial_number" text,
	"name" text,
	"model" text,
	"clinic_id" uuid,
	"status" text DEFAULT 'active' NOT NULL,
	"battery" integer,
	"signal" integer,
	"last_connected_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"vendor_user_id" text,
	"vendor_access_token" text,
	"vendor_refresh_token" text,
	"vendor_token_expires_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "patient_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"device_name" text,
	"status" text DEFAULT 'active' NOT NULL,
	"paired_at" timestamp with time zone NOT NULL,
	"unpaired_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unrecognised_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"identifier" text NOT NULL,
	"reason" text NOT NULL,
	"device_id" uuid,
	"clinic_id" uuid,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"last_payload" jsonb
);
--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_devices" ADD CONSTRAINT "patient_devices_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_devices" ADD CONSTRAINT "patient_devices_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_devices" ADD CONSTRAINT "patient_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_devices" ADD CONSTRAINT "patient_devices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unrecognised_devices" ADD CONSTRAINT "unrecognised_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unrecognised_devices" ADD CONSTRAINT "unrecognised_devices_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_brand_serial_unique" ON "devices" USING btree ("brand","serial_number") WHERE "devices"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "devices_clinic_idx" ON "devices" USING btree ("clinic_id");--> statement-breakpoint
CREATE INDEX "devices_created_idx" ON "devices" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "devices_vendor_user_idx" ON "devices" USING btree ("brand","vendor_user_id") WHERE "devices"."vendor_user_id" is not null;--> statement-breakpoint
CREATE INDEX "patient_devices_patient_idx" ON "patient_devices" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_devices_current_unique" ON "patient_devices" USING btree ("device_id") WHERE "patient_devices"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "unrecognised_devices_unique" ON "unrecognised_devices" USING btree ("source","identifier","reason");--> statement-breakpoint
CREATE INDEX "unrecognised_devices_last_seen_idx" ON "unrecognised_devices" USING btree ("last_seen_at");--> statement-breakpoint
ALTER TABLE "readings" ADD CONSTRAINT "readings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;