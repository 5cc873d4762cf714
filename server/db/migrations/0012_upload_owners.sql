CREATE INDEX "users_dp_idx" ON "users" USING btree ("dp") WHERE "users"."dp" is not null;--> statement-breakpoint
CREATE INDEX "users_bg_img_idx" ON "users" USING btree ("bg_img") WHERE "users"."bg_img" is not null;--> statement-breakpoint
CREATE INDEX "posts_img_idx" ON "posts" USING btree ("img") WHERE "posts"."img" is not null;--> statement-breakpoint
CREATE INDEX "rooms_img_idx" ON "rooms" USING btree ("img") WHERE "rooms"."img" is not null;--> statement-breakpoint
CREATE INDEX "rooms_bg_img_idx" ON "rooms" USING btree ("bg_img") WHERE "rooms"."bg_img" is not null;