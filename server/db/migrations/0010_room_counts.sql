DROP INDEX "room_members_joined_idx";--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "member_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "post_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "poll_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A room's stored counts follow every insert, delete and cascade of its members, posts and polls.
-- Deleting the room itself cascades to them too: those updates then find no row, which is fine.
CREATE FUNCTION "room_member_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.joined THEN
    UPDATE rooms SET member_count = member_count - 1 WHERE id = OLD.room_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.joined THEN
    UPDATE rooms SET member_count = member_count + 1 WHERE id = NEW.room_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "room_members_count" AFTER INSERT OR DELETE OR UPDATE OF "joined", "room_id" ON "room_members"
  FOR EACH ROW EXECUTE FUNCTION "room_member_count"();--> statement-breakpoint
CREATE FUNCTION "room_content_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.sub_community IS NOT NULL THEN
    IF TG_TABLE_NAME = 'posts' THEN
      UPDATE rooms SET post_count = post_count - 1 WHERE id = OLD.sub_community;
    ELSE
      UPDATE rooms SET poll_count = poll_count - 1 WHERE id = OLD.sub_community;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.sub_community IS NOT NULL THEN
    IF TG_TABLE_NAME = 'posts' THEN
      UPDATE rooms SET post_count = post_count + 1 WHERE id = NEW.sub_community;
    ELSE
      UPDATE rooms SET poll_count = poll_count + 1 WHERE id = NEW.sub_community;
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "posts_room_count" AFTER INSERT OR DELETE OR UPDATE OF "sub_community" ON "posts"
  FOR EACH ROW EXECUTE FUNCTION "room_content_count"();--> statement-breakpoint
CREATE TRIGGER "polls_room_count" AFTER INSERT OR DELETE OR UPDATE OF "sub_community" ON "polls"
  FOR EACH ROW EXECUTE FUNCTION "room_content_count"();--> statement-breakpoint
UPDATE "rooms" r SET
  "member_count" = (SELECT count(*) FROM "room_members" m WHERE m.room_id = r.id AND m.joined),
  "post_count" = (SELECT count(*) FROM "posts" p WHERE p.sub_community = r.id),
  "poll_count" = (SELECT count(*) FROM "polls" q WHERE q.sub_community = r.id);
