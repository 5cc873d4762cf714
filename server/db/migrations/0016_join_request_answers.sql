ALTER TYPE "public"."notification_kind" ADD VALUE 'requestAccepted';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'requestDeclined';