ALTER TABLE "audit_events" ADD COLUMN "written" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_written_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE INDEX "audit_events_unsealed_idx" ON "audit_events" USING btree ("written") WHERE "audit_events"."seq" is null;--> statement-breakpoint
-- Events are no longer sealed by their own transaction at commit, which held the one-row head locked through
-- every audited commit of the whole installation, one after another. The server seals them a moment later, in
-- batches, in the order they were written (decision 0012).
DROP TRIGGER audit_events_seal ON audit_events;--> statement-breakpoint
DROP FUNCTION audit_events_seal();--> statement-breakpoint
-- Seals up to max_events unsealed events, oldest written first, and answers how many. The head is locked
-- first, so two sealers (two server processes) chain one after the other and never seal an event twice.
CREATE FUNCTION audit_seal(max_events integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  e audit_events;
  head_seq bigint;
  head_hash text;
  sealed text;
  n integer := 0;
BEGIN
  SELECT seq, hash INTO head_seq, head_hash FROM audit_chain_head WHERE id = 1 FOR UPDATE;
  PERFORM set_config('vigil.audit_sealing', 'on', true);
  FOR e IN SELECT * FROM audit_events WHERE seq IS NULL ORDER BY written LIMIT max_events LOOP
    sealed := encode(sha256(convert_to(head_hash || audit_event_content(e), 'UTF8')), 'hex');
    head_seq := head_seq + 1;
    UPDATE audit_events SET seq = head_seq, prev_hash = head_hash, hash = sealed WHERE id = e.id;
    head_hash := sealed;
    n := n + 1;
  END LOOP;
  IF n > 0 THEN
    UPDATE audit_chain_head SET seq = head_seq, hash = head_hash WHERE id = 1;
  END IF;
  PERFORM set_config('vigil.audit_sealing', 'off', true);
  RETURN n;
END $$;--> statement-breakpoint
-- Append-only: the one change allowed is the seal's own, once, from inside audit_seal. The setting marks the
-- seal's statements against mistakes, not against a database owner, who can switch any trigger off: what shows
-- tampering is the chain, checked by audit:verify.
CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('vigil.audit_sealing', true) = 'on' AND OLD.hash IS NULL THEN
    IF audit_event_content(NEW) = audit_event_content(OLD) AND NEW.written = OLD.written THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit events are append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_chain_head_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('vigil.audit_sealing', true) = 'on' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'the audit chain head moves only with a seal: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END $$;
