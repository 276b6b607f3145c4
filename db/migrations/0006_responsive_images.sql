-- Uploaded images (issue 22): their size, and the widths of the responsive variants `folio images` made.
CREATE TABLE `images` (
	`name` text PRIMARY KEY NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`variant_widths` text DEFAULT '[]' NOT NULL,
	`variants_at` text,
	`note` text
);
