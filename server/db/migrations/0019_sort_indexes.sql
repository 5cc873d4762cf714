ALTER TABLE "comments" ADD COLUMN "best" double precision GENERATED ALWAYS AS ((CASE WHEN "upvotes" + "downvotes" = 0 THEN 0 ELSE ("upvotes" + 0.8211872075 - 1.281551565545 * sqrt("upvotes"::double precision * "downvotes" / ("upvotes" + "downvotes") + 0.41059360375)) / ("upvotes" + "downvotes" + 1.642374415) END)::double precision) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "comments_post_created_idx";--> statement-breakpoint
CREATE INDEX "comments_post_created_idx" ON "comments" USING btree ("post_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_post_best_idx" ON "comments" USING btree ("post_id","best" DESC,"created_at","id");--> statement-breakpoint
CREATE INDEX "comments_post_top_idx" ON "comments" USING btree ("post_id",("upvotes" - "downvotes") DESC,"created_at","id");--> statement-breakpoint
CREATE INDEX "posts_topic_score_idx" ON "posts" USING btree ("topic",("upvotes" - "downvotes") DESC,"created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "posts_sub_community_score_idx" ON "posts" USING btree ("sub_community",("upvotes" - "downvotes") DESC,"created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "posts_user_score_idx" ON "posts" USING btree ("user_id",("upvotes" - "downvotes") DESC,"created_at" DESC,"id" DESC);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "comment_sort" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_comment_sort_check" CHECK ("comment_sort" in ('best', 'top', 'new', 'old'));
