-- Sign-in methods (issue 23): passkeys, a TOTP second factor with recovery codes, the password policy, and how each session signed in.
CREATE TABLE `passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_id` integer NOT NULL,
	`name` text NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer DEFAULT 0 NOT NULL,
	`transports` text DEFAULT '[]' NOT NULL,
	`device_type` text NOT NULL,
	`backed_up` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`last_used_at` text,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `passkeys_admin_id` ON `passkeys` (`admin_id`);--> statement-breakpoint
CREATE TABLE `recovery_codes` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`admin_id` integer NOT NULL,
	`created_at` text NOT NULL,
	`used_at` text,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `recovery_codes_admin_id` ON `recovery_codes` (`admin_id`);--> statement-breakpoint
ALTER TABLE `admins` ADD `password_sign_in` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `admins` ADD `totp_secret` text;--> statement-breakpoint
ALTER TABLE `admins` ADD `totp_enabled_at` text;--> statement-breakpoint
ALTER TABLE `admins` ADD `totp_last_step` integer;--> statement-breakpoint
ALTER TABLE `sessions` ADD `method` text DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `user_agent` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_seen_at` text;