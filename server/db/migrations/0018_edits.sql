ALTER TABLE "posts" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "polls" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "item_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid,
	"poll_id" uuid,
	"comment_id" uuid,
	"target_id" uuid GENERATED ALWAYS AS (coalesce("post_id", "poll_id", "comment_id")) STORED NOT NULL,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"replaced_at" timestamp with time zone NOT NULL,
	CONSTRAINT "item_versions_one_item_check" CHECK (num_nonnulls("post_id", "poll_id", "comment_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "item_versions" ADD CONSTRAINT "item_versions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_versions" ADD CONSTRAINT "item_versions_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_versions" ADD CONSTRAINT "item_versions_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_versions_target_version_idx" ON "item_versions" USING btree ("target_id","version");--> statement-breakpoint
CREATE INDEX "item_versions_post_idx" ON "item_versions" USING btree ("post_id") WHERE "item_versions"."post_id" is not null;--> statement-breakpoint
CREATE INDEX "item_versions_poll_idx" ON "item_versions" USING btree ("poll_id") WHERE "item_versions"."poll_id" is not null;--> statement-breakpoint
CREATE INDEX "item_versions_comment_idx" ON "item_versions" USING btree ("comment_id") WHERE "item_versions"."comment_id" is not null;
--> statement-breakpoint
-- A comment that becomes '[deleted]' (by its author, or with its author's account) keeps no earlier text.
CREATE FUNCTION "comment_deleted_forget_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "item_versions" WHERE "comment_id" = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "comments_deleted_forget_versions" AFTER UPDATE OF "deleted" ON "comments" FOR EACH ROW WHEN (NEW.deleted AND NOT OLD.deleted) EXECUTE FUNCTION "comment_deleted_forget_versions"();
