-- Every server process keeps recently resolved sessions in memory (server/modules/auth/sessionCache.ts):
-- a session that ends (logout, password change, removal, the account's deletion cascading) is told to
-- all of them on commit, so none keeps honouring it.
CREATE FUNCTION "session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('quad_sessions', OLD.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_ended" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "session_ended"();
