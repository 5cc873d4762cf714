ALTER TABLE "posts" ADD COLUMN "popular_rank" double precision;--> statement-breakpoint
-- Backfill with the formula of server/modules/posts/popular.ts at the database's clock; the first
-- refresh re-scores at the app's.
UPDATE "posts" SET "popular_rank" =
  ("upvotes" - "downvotes" + "comment_count" / 2.0::float8)
  / power(greatest(extract(epoch from (now() - "created_at"))::float8 / 3600, 0) + 2, 1.5::float8)
WHERE "sub_community" IS NULL AND "created_at" > now() - interval '720 hours';--> statement-breakpoint
CREATE INDEX "posts_popular_idx" ON "posts" USING btree ("popular_rank" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "posts"."popular_rank" is not null;
