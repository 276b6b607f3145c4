CREATE TABLE `analytics_daily` (
	`day` text NOT NULL,
	`dim` text NOT NULL,
	`value` text NOT NULL,
	`hits` integer DEFAULT 0 NOT NULL,
	`visitors` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `dim`, `value`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `analytics_daily_dim_day` ON `analytics_daily` (`dim`,`day`);--> statement-breakpoint
CREATE INDEX `analytics_daily_dim_value` ON `analytics_daily` (`dim`,`value`,`day`,`hits`,`visitors`);--> statement-breakpoint
CREATE TABLE `analytics_hits` (
	`id` integer PRIMARY KEY NOT NULL,
	`day` text NOT NULL,
	`kind` text NOT NULL,
	`path` text DEFAULT '' NOT NULL,
	`goal` text DEFAULT '' NOT NULL,
	`entry_path` text DEFAULT '' NOT NULL,
	`referrer` text DEFAULT '' NOT NULL,
	`utm_source` text DEFAULT '' NOT NULL,
	`utm_medium` text DEFAULT '' NOT NULL,
	`utm_campaign` text DEFAULT '' NOT NULL,
	`browser` text DEFAULT '' NOT NULL,
	`os` text DEFAULT '' NOT NULL,
	`device` text DEFAULT '' NOT NULL,
	`hits` integer DEFAULT 1 NOT NULL,
	`visitors` integer DEFAULT 0 NOT NULL,
	`entries` integer DEFAULT 0 NOT NULL,
	`visitor` text,
	`created_at` text
);
--> statement-breakpoint
CREATE INDEX `analytics_hits_day` ON `analytics_hits` (`day`);--> statement-breakpoint
CREATE TABLE `analytics_salts` (
	`day` text PRIMARY KEY NOT NULL,
	`salt` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `stats_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` text NOT NULL,
	`last_used_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stats_tokens_token_hash_unique` ON `stats_tokens` (`token_hash`);--> statement-breakpoint
-- The page views counted so far become rolled-up rows: their paths and days, no visitors known.
INSERT INTO `analytics_hits` (`day`, `kind`, `path`, `hits`) SELECT `day`, 'view', `path`, count(*) FROM `page_views` GROUP BY `day`, `path`;--> statement-breakpoint
INSERT INTO `analytics_daily` (`day`, `dim`, `value`, `hits`) SELECT `day`, 'path', `path`, count(*) FROM `page_views` GROUP BY `day`, `path`;--> statement-breakpoint
INSERT INTO `analytics_daily` (`day`, `dim`, `value`, `hits`) SELECT `day`, 'total', '', count(*) FROM `page_views` GROUP BY `day`;--> statement-breakpoint
DROP TABLE `page_views`;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `visit_entry` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `visit_referrer` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `visit_campaign` text;