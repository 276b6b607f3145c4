-- The owner's surfaces (issue 19): site settings, first-run setup addresses, a notification outbox,
-- the inbox's last-opened time, and a sample flag on what the seed creates.
CREATE TABLE `notification_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel` text NOT NULL,
	`message_id` text NOT NULL,
	`payload` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text NOT NULL,
	`created_at` text NOT NULL,
	`sent_at` text,
	`last_error` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notification_outbox_message_channel` ON `notification_outbox` (`message_id`,`channel`);--> statement-breakpoint
CREATE INDEX `notification_outbox_pending` ON `notification_outbox` (`sent_at`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `setup_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `site_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`data` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `admins` ADD `inbox_opened_at` text;--> statement-breakpoint
ALTER TABLE `lexicon_items` ADD `sample` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `sample` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `projects` ADD `sample` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `skill_overrides` ADD `sample` integer DEFAULT false NOT NULL;