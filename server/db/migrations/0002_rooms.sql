CREATE TABLE "room_members" (
	"room_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"joined" boolean DEFAULT false NOT NULL,
	"invited" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_members_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"desc" text,
	"img" text,
	"bg_img" text,
	"private" boolean DEFAULT false NOT NULL,
	"creator_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "room_members" ADD CONSTRAINT "room_members_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_members" ADD CONSTRAINT "room_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_members_user_created_idx" ON "room_members" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_title_lower_idx" ON "rooms" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "rooms_creator_idx" ON "rooms" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "rooms_private_created_idx" ON "rooms" USING btree ("private","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_sub_community_rooms_id_fk" FOREIGN KEY ("sub_community") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_sub_community_rooms_id_fk" FOREIGN KEY ("sub_community") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;