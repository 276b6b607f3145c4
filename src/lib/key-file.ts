// Secret keys kept as files under DATA_DIR/keys: outside the database, so outside every backup.
import { randomBytes } from 'node:crypto'
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { dirname, join } from 'node:path'

export const KEY_BYTES = 32

export const keyFile = (dataDir: string, name: string) => join(dataDir, 'keys', `${name}.key`)

/** The key in `file`, or null when none has been made yet. */
export function readKey(file: string): Buffer | null {
  let key: Buffer
  try {
    key = readFileSync(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  // NOTE: never replaced silently: a new key would make every value sealed under this one unreadable.
  if (key.length !== KEY_BYTES) throw new Error(`${file} is not a ${KEY_BYTES}-byte key; move it aside and folio makes a new one`)
  return key
}

/** Makes a key readable by this user only; when another writer made one first, that one is the key. */
export function createKey(file: string): Buffer {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
  const key = randomBytes(KEY_BYTES)
  const temp = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`
  const fd = openSync(temp, 'wx', 0o600)
  try {
    writeSync(fd, key)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  try {
    // A hard link, not a rename: it never replaces a key that exists, and the key appears whole.
    linkSync(temp, file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return readKey(file)!
  } finally {
    rmSync(temp, { force: true })
  }
  const dir = openSync(dirname(file), 'r')
  try {
    fsyncSync(dir)
  } finally {
    closeSync(dir)
  }
  return key
}
