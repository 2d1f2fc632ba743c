CREATE TABLE "audit_chain_head" (
	"id" integer PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_seq_unique" ON "audit_events" USING btree ("seq");--> statement-breakpoint
ALTER TABLE "audit_chain_head" ADD CONSTRAINT "audit_chain_head_one_row" CHECK ("id" = 1);--> statement-breakpoint
INSERT INTO "audit_chain_head" ("id", "seq", "hash") VALUES (1, 0, '');--> statement-breakpoint
-- What an event's hash covers: every column but the chain's own, in a fixed order, as JSON text.
CREATE FUNCTION audit_event_content(e audit_events) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_build_array(
    e.id, (extract(epoch FROM e.occurred_at) * 1000000)::bigint, e.actor_user_id, e.clinic_id, e.patient_id,
    e.action, e.entity_type, e.entity_id, e.details, e.ip
  )::text
$$;--> statement-breakpoint
-- The events written before the chain existed are sealed in the order they happened.
DO $$
DECLARE
  e audit_events;
  head_seq bigint := 0;
  head_hash text := '';
  sealed text;
BEGIN
  FOR e IN SELECT * FROM audit_events ORDER BY occurred_at, id LOOP
    sealed := encode(sha256(convert_to(head_hash || audit_event_content(e), 'UTF8')), 'hex');
    head_seq := head_seq + 1;
    UPDATE audit_events SET seq = head_seq, prev_hash = head_hash, hash = sealed WHERE id = e.id;
    head_hash := sealed;
  END LOOP;
  UPDATE audit_chain_head SET seq = head_seq, hash = head_hash WHERE id = 1;
END $$;--> statement-breakpoint
-- An event is sealed at commit, after every other statement of its transaction: the head's lock is the last
-- lock a transaction takes and is held only while it commits.
CREATE FUNCTION audit_events_seal() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head_seq bigint;
  head_hash text;
  sealed text;
BEGIN
  SELECT seq, hash INTO head_seq, head_hash FROM audit_chain_head WHERE id = 1 FOR UPDATE;
  sealed := encode(sha256(convert_to(head_hash || audit_event_content(NEW), 'UTF8')), 'hex');
  UPDATE audit_events SET seq = head_seq + 1, prev_hash = head_hash, hash = sealed WHERE id = NEW.id;
  UPDATE audit_chain_head SET seq = head_seq + 1, hash = sealed WHERE id = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER audit_events_seal AFTER INSERT ON audit_events
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_events_seal();--> statement-breakpoint
-- The chain's columns are the seal's alone.
CREATE FUNCTION audit_events_unsealed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.seq := NULL;
  NEW.prev_hash := NULL;
  NEW.hash := NULL;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER audit_events_unsealed BEFORE INSERT ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_unsealed();--> statement-breakpoint
-- Append-only: the one change allowed is the seal's own, once, from inside its trigger.
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND pg_trigger_depth() > 1 AND OLD.hash IS NULL THEN
    IF audit_event_content(NEW) = audit_event_content(OLD) THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit events are append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();--> statement-breakpoint
CREATE FUNCTION audit_refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit events are append-only: TRUNCATE refused' USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_truncate();--> statement-breakpoint
CREATE FUNCTION audit_chain_head_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND pg_trigger_depth() > 1 THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'the audit chain head moves only with a seal: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER audit_chain_head_guard BEFORE UPDATE OR DELETE ON audit_chain_head
  FOR EACH ROW EXECUTE FUNCTION audit_chain_head_guard();--> statement-breakpoint
CREATE TRIGGER audit_chain_head_no_truncate BEFORE TRUNCATE ON audit_chain_head
  FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_truncate();
