CREATE TYPE "public"."moderation_state" AS ENUM('masked', 'removed');--> statement-breakpoint
CREATE TYPE "public"."notification_kind" AS ENUM('postVote', 'commentVote', 'joinRequest', 'roomInvitation', 'reportOutcome', 'removal', 'masked');--> statement-breakpoint
CREATE TYPE "public"."case_status" AS ENUM('open', 'proposed', 'removed', 'dismissed');--> statement-breakpoint
CREATE TYPE "public"."report_kind" AS ENUM('post', 'poll', 'comment', 'room', 'user');--> statement-breakpoint
CREATE TYPE "public"."report_reason" AS ENUM('harassment', 'hate', 'threats', 'selfHarm', 'sexual', 'doxxing', 'spam', 'other');--> statement-breakpoint
CREATE TABLE "blocks" (
	"blocker_id" uuid NOT NULL,
	"blocked_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id")
);
--> statement-breakpoint
CREATE TABLE "hidden_items" (
	"user_id" uuid NOT NULL,
	"kind" "report_kind" NOT NULL,
	"target_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hidden_items_user_id_kind_target_id_pk" PRIMARY KEY("user_id","kind","target_id")
);
--> statement-breakpoint
CREATE TABLE "moderation_cases" (
	"kind" "report_kind" NOT NULL,
	"target_id" uuid NOT NULL,
	"author_id" uuid,
	"status" "case_status" DEFAULT 'open' NOT NULL,
	"reporters" integer DEFAULT 0 NOT NULL,
	"first_reported_at" timestamp with time zone NOT NULL,
	"proposed_by" uuid,
	"rule" "report_reason",
	"rule_note" text,
	"proposed_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	CONSTRAINT "moderation_cases_kind_target_id_pk" PRIMARY KEY("kind","target_id")
);
--> statement-breakpoint
CREATE TABLE "moderators" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid NOT NULL,
	"kind" "report_kind" NOT NULL,
	"target_id" uuid NOT NULL,
	"reason" "report_reason" NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "kind" "notification_kind";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "poll_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "comment_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "room_id" uuid;--> statement-breakpoint
-- Join requests and invitations kept their room's id in post_id: it moves to room_id, with a kind.
UPDATE "notifications" n SET "room_id" = r."id", "post_id" = NULL,
  "kind" = (CASE WHEN n."to_user" = r."creator_id" THEN 'joinRequest' ELSE 'roomInvitation' END)::"notification_kind"
  FROM "rooms" r WHERE n."title" = 'Join My Room' AND n."post_id" = r."id"::text;--> statement-breakpoint
UPDATE "notifications" SET "kind" = 'postVote' WHERE "kind" IS NULL AND "post_id" IN (SELECT "id"::text FROM "posts");--> statement-breakpoint
-- Notices whose post or room is gone point nowhere.
DELETE FROM "notifications" WHERE "kind" IS NULL;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "post_id" SET DATA TYPE uuid USING "post_id"::uuid;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "moderation" "moderation_state";--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "moderation" "moderation_state";--> statement-breakpoint
ALTER TABLE "polls" ADD COLUMN "moderation" "moderation_state";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "moderation" "moderation_state";--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "moderation" "moderation_state";--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_items" ADD CONSTRAINT "hidden_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderators" ADD CONSTRAINT "moderators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE INDEX "moderation_cases_queue_idx" ON "moderation_cases" USING btree ("first_reported_at","target_id") WHERE "moderation_cases"."status" in ('open', 'proposed');--> statement-breakpoint
CREATE INDEX "moderation_cases_log_idx" ON "moderation_cases" USING btree ("removed_at" DESC NULLS LAST) WHERE "moderation_cases"."status" = 'removed';--> statement-breakpoint
CREATE UNIQUE INDEX "reports_reporter_target_idx" ON "reports" USING btree ("reporter_id","kind","target_id");--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" USING btree ("kind","target_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_poll_idx" ON "notifications" USING btree ("poll_id");--> statement-breakpoint
CREATE INDEX "notifications_comment_idx" ON "notifications" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "notifications_room_idx" ON "notifications" USING btree ("room_id");