-- pg_trgm backs the search indexes below (PGlite loads it as an extension; trusted on PostgreSQL 13+).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "leetcode_hash" text;--> statement-breakpoint
CREATE INDEX "rooms_title_trgm_idx" ON "rooms" USING gin ("title" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_leetcode_hash_idx" ON "users" USING btree ("leetcode_hash");