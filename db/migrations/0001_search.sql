-- Full-text search over posts and projects (SQLite FTS5, issue 6). The trigram tokenizer matches
-- any substring of 3 characters or more, in any case and without diacritics, so a search finds
-- what the earlier LIKE search found, and now bodies (code blocks included) as well.
CREATE VIRTUAL TABLE `posts_fts` USING fts5(title, summary, tags, body_md, content='posts', content_rowid='id', tokenize='trigram remove_diacritics 1');
--> statement-breakpoint
CREATE TRIGGER `posts_fts_insert` AFTER INSERT ON `posts` BEGIN
  INSERT INTO posts_fts(rowid, title, summary, tags, body_md) VALUES (new.id, new.title, new.summary, new.tags, new.body_md);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_delete` AFTER DELETE ON `posts` BEGIN
  INSERT INTO posts_fts(posts_fts, rowid, title, summary, tags, body_md) VALUES ('delete', old.id, old.title, old.summary, old.tags, old.body_md);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_update` AFTER UPDATE ON `posts` BEGIN
  INSERT INTO posts_fts(posts_fts, rowid, title, summary, tags, body_md) VALUES ('delete', old.id, old.title, old.summary, old.tags, old.body_md);
  INSERT INTO posts_fts(rowid, title, summary, tags, body_md) VALUES (new.id, new.title, new.summary, new.tags, new.body_md);
END;
--> statement-breakpoint
INSERT INTO posts_fts(posts_fts) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE `projects_fts` USING fts5(title, summary, tags, body_md, content='projects', content_rowid='id', tokenize='trigram remove_diacritics 1');
--> statement-breakpoint
CREATE TRIGGER `projects_fts_insert` AFTER INSERT ON `projects` BEGIN
  INSERT INTO projects_fts(rowid, title, summary, tags, body_md) VALUES (new.id, new.title, new.summary, new.tags, new.body_md);
END;
--> statement-breakpoint
CREATE TRIGGER `projects_fts_delete` AFTER DELETE ON `projects` BEGIN
  INSERT INTO projects_fts(projects_fts, rowid, title, summary, tags, body_md) VALUES ('delete', old.id, old.title, old.summary, old.tags, old.body_md);
END;
--> statement-breakpoint
CREATE TRIGGER `projects_fts_update` AFTER UPDATE ON `projects` BEGIN
  INSERT INTO projects_fts(projects_fts, rowid, title, summary, tags, body_md) VALUES ('delete', old.id, old.title, old.summary, old.tags, old.body_md);
  INSERT INTO projects_fts(rowid, title, summary, tags, body_md) VALUES (new.id, new.title, new.summary, new.tags, new.body_md);
END;
--> statement-breakpoint
INSERT INTO projects_fts(projects_fts) VALUES ('rebuild');
