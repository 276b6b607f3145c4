// The repository's root, found through package.json's own "imports" (#package.json), so a test
// or helper builds paths from it at any depth under tests/ (never join(import.meta.dir, '../..')).
import { dirname } from 'node:path'

export const REPO_ROOT = dirname(Bun.resolveSync('#package.json', import.meta.dir))
