CREATE TYPE "public"."room_log_kind" AS ENUM('post', 'poll', 'comment', 'member');--> statement-breakpoint
CREATE TABLE "room_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"kind" "room_log_kind" NOT NULL,
	"target_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderator_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"moderator_id" uuid,
	"kind" "report_kind" NOT NULL,
	"target_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "room_log" ADD CONSTRAINT "room_log_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderator_reviews" ADD CONSTRAINT "moderator_reviews_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_log_room_idx" ON "room_log" USING btree ("room_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "room_log_target_idx" ON "room_log" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "moderator_reviews_read_idx" ON "moderator_reviews" USING btree ("read_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderator_reviews_target_idx" ON "moderator_reviews" USING btree ("kind","target_id");