// The one-shot subcommands: each opens what it needs, says what it did in a line, and returns
// an exit code (0 done, 1 failed). Serving lives in serve.ts.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { DB_FILE, openDatabase } from '#db/connection'
import { migrate, migrationStatus } from '#db/migrate'
import { admins } from '#db/schema'
import type { Config } from '../config'
import { AdminPassword } from '../contract/auth'
import { upsertAdmin } from '../features/sign-in-methods/admin-account'
import { writeArchive } from '../features/backups/archive'
import { restoreBackup } from '../features/backups/restore'
import { systemClock } from '../lib/clock'
import { DataDirBusy, lockDataDir } from '../lib/data-lock'
import { createLogger } from '../lib/logger'
import { readPassword } from './read-password'

export class CommandFailed extends Error {}

const say = (line: string) => console.log(line)
const kb = (bytes: number) => `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`

export function openExisting(config: Config) {
  if (!existsSync(resolve(config.dataDir, DB_FILE))) throw new CommandFailed(`no database in ${config.dataDir} (DATA_DIR); start folio once or restore a backup`)
  return openDatabase(config.dataDir)
}

export function migrateCommand(config: Config, action: 'status' | 'apply'): void {
  if (action === 'status') {
    const conn = openDatabase(config.dataDir)
    try {
      for (const m of migrationStatus(conn.sqlite)) say(`${m.appliedAt ? 'applied' : 'pending'}  ${m.id}${m.appliedAt ? `  ${m.appliedAt}` : ''}`)
    } finally {
      conn.close()
    }
    return
  }
  // A running folio migrated when it started; a second writer of the schema is never wanted.
  let lock
  try {
    lock = lockDataDir(config.dataDir)
  } catch (error) {
    if (error instanceof DataDirBusy) throw new CommandFailed(`${error.message} (it applied its migrations when it started)`)
    throw error
  }
  const conn = openDatabase(config.dataDir)
  try {
    const applied = migrate(conn.sqlite)
    say(applied.length ? `applied ${applied.length} migration(s): ${applied.join(', ')}` : 'the database is up to date')
  } finally {
    conn.close()
    lock.release()
  }
}

export async function backupCommand(config: Config, file: string): Promise<void> {
  const target = resolve(file)
  if (existsSync(target)) throw new CommandFailed(`${target} already exists; choose a new file name`)
  const conn = openExisting(config)
  try {
    const manifest = await writeArchive(conn.sqlite, config.dataDir, target, new Date())
    say(`backed up to ${target} (${kb(Bun.file(target).size)}; database and ${manifest.uploads} uploaded file(s))`)
  } finally {
    conn.close()
  }
}

export async function restoreCommand(config: Config, file: string): Promise<void> {
  try {
    const { manifest, savedAs } = await restoreBackup(config.dataDir, resolve(file), config.backups.keep)
    say(`restored ${resolve(file)} (made ${manifest.createdAt} by folio ${manifest.folioVersion}) into ${config.dataDir}`)
    if (savedAs) say(`the data it replaced is saved as backups/${savedAs}`)
  } catch (error) {
    throw new CommandFailed((error as Error).message)
  }
}

export async function setPasswordCommand(config: Config, email: string | null): Promise<void> {
  const password = AdminPassword.safeParse(await readPassword())
  if (!password.success) throw new CommandFailed(`password ${password.error.issues[0]!.message}`)
  const conn = openDatabase(config.dataDir)
  try {
    migrate(conn.sqlite)
    const existing = conn.db.select({ email: admins.email }).from(admins).all()
    const target = email?.trim().toLowerCase() ?? (existing.length === 1 ? existing[0]!.email : null)
    if (!target) throw new CommandFailed(existing.length ? 'there are several admins: pass --email <address>' : 'there is no admin yet: pass --email <address> to create one')
    // Like ADMIN_EMAIL, another address replaces the admin: there is only ever one.
    const others = existing.map((a) => a.email).filter((e) => e !== target)
    await upsertAdmin(conn.db, target, password.data, systemClock)
    if (existing.length === 0) say(`created admin ${target}`)
    else if (others.length) say(`admin ${others.join(', ')} replaced by ${target}; every session is signed out`)
    else say(`password set for ${target}; every session of that admin is signed out`)
    if (config.admin) say('note: ADMIN_PASSWORD is set (environment or .env): folio sets the password back to it at the next start; remove it to keep this one')
  } finally {
    conn.close()
  }
}

export async function exportCommand(config: Config, dir: string): Promise<void> {
  const conn = openExisting(config)
  try {
    // Loaded on demand: serving never needs it.
    const { exportSite } = await import('./export-site')
    const result = await exportSite({ conn, config, clock: systemClock, log: createLogger('warn') }, resolve(dir))
    say(`exported ${result.pages} pages, ${result.files} files (${kb(result.bytes)}) to ${resolve(dir)}`)
  } finally {
    conn.close()
  }
}
