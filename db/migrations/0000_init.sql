CREATE TABLE `admins` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admins_email_unique` ON `admins` (`email`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`reason` text NOT NULL,
	`message` text NOT NULL,
	`archived` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`ip` text DEFAULT '' NOT NULL,
	`ua` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contact_messages_archived_created` ON `contact_messages` (`archived`,`created_at`);--> statement-breakpoint
CREATE INDEX `contact_messages_created` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE TABLE `demo_transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`state` text NOT NULL,
	`created_at` text NOT NULL,
	`confirm_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `demo_transactions_created_at` ON `demo_transactions` (`created_at`);--> statement-breakpoint
CREATE TABLE `lexicon_items` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`bucket` text NOT NULL,
	`patterns` text DEFAULT '[]' NOT NULL,
	`tag_hints` text DEFAULT '[]' NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`sort_order` real DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `lexicon_items_sort_order` ON `lexicon_items` (`sort_order`);--> statement-breakpoint
CREATE TABLE `page_views` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`path` text NOT NULL,
	`day` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `page_views_day_path` ON `page_views` (`day`,`path`);--> statement-breakpoint
CREATE INDEX `page_views_path` ON `page_views` (`path`);--> statement-breakpoint
CREATE TABLE `post_tags` (
	`post_id` integer NOT NULL,
	`tag_key` text NOT NULL,
	PRIMARY KEY(`post_id`, `tag_key`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_tags_tag_key` ON `post_tags` (`tag_key`);--> statement-breakpoint
CREATE TABLE `posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`summary` text NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`body_md` text NOT NULL,
	`body_html` text NOT NULL,
	`reading_minutes` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `posts_slug` ON `posts` (`slug`);--> statement-breakpoint
CREATE INDEX `posts_created_at` ON `posts` (`created_at`);--> statement-breakpoint
CREATE TABLE `project_tags` (
	`project_id` integer NOT NULL,
	`tag_key` text NOT NULL,
	PRIMARY KEY(`project_id`, `tag_key`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `project_tags_tag_key` ON `project_tags` (`tag_key`);--> statement-breakpoint
CREATE TABLE `projects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`summary` text,
	`role` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`body_md` text NOT NULL,
	`body_html` text NOT NULL,
	`hero_image` text,
	`gallery` text DEFAULT '[]' NOT NULL,
	`demo_links` text DEFAULT '{}' NOT NULL,
	`metrics` text DEFAULT '{}' NOT NULL,
	`sort_order` real DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `projects_slug` ON `projects` (`slug`);--> statement-breakpoint
CREATE INDEX `projects_sort_order` ON `projects` (`sort_order`);--> statement-breakpoint
CREATE TABLE `resume_links` (
	`token` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`used` integer DEFAULT false NOT NULL,
	`used_at` text
);
--> statement-breakpoint
CREATE INDEX `resume_links_created_at` ON `resume_links` (`created_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`admin_id` integer NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_expires_at` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE INDEX `sessions_admin_id` ON `sessions` (`admin_id`);--> statement-breakpoint
CREATE TABLE `skill_overrides` (
	`name_key` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`level_override` integer,
	`bucket_override` text,
	`hide` integer DEFAULT false NOT NULL
);
