CREATE TYPE "public"."appeal_status" AS ENUM('pending', 'restored', 'upheld');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'appealOutcome';--> statement-breakpoint
CREATE TABLE "appeals" (
	"kind" "report_kind" NOT NULL,
	"target_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"text" text NOT NULL,
	"status" "appeal_status" DEFAULT 'pending' NOT NULL,
	"rule" "report_reason" NOT NULL,
	"rule_note" text,
	"removed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	CONSTRAINT "appeals_kind_target_id_pk" PRIMARY KEY("kind","target_id")
);
--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD COLUMN "confirmed_by" uuid;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appeals_pending_idx" ON "appeals" USING btree ("created_at","target_id") WHERE "appeals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "appeals_restored_idx" ON "appeals" USING btree ("removed_at" DESC NULLS LAST) WHERE "appeals"."status" = 'restored';--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;