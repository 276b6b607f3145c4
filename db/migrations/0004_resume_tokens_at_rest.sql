-- Resume tokens leave plain text (docs/decisions/security/008-resume-tokens-at-rest.md). SQL can neither
-- hash nor seal, so the old table waits here, renamed, until start-up converts its rows and drops
-- it in one transaction (src/features/resume/upgrade.ts).
DROP INDEX `resume_links_created_at`;--> statement-breakpoint
ALTER TABLE `resume_links` RENAME TO `resume_links_plain`;--> statement-breakpoint
CREATE TABLE `resume_links` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`token_sealed` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`used` integer DEFAULT false NOT NULL,
	`used_at` text
);
--> statement-breakpoint
CREATE INDEX `resume_links_created_at` ON `resume_links` (`created_at`);
