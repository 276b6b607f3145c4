// `folio images`: the responsive variants of every uploaded image that lacks them. The server
// starts it as a child process after an upload and at start, so the codecs' memory is the
// child's, given back when it exits; the owner can run it too (it is safe beside a running server).
import { writeSync } from 'node:fs'
import { migrate } from '#db/migrate'
import { openDatabase } from '#db/connection'
import type { Config } from '../config'
import { releaseAttempt } from '../features/uploads/variant-attempts'
import { BEGIN_LINE, sweepImages } from '../features/uploads/variant-sweep'

export async function imagesCommand(config: Config): Promise<void> {
  const conn = openDatabase(config.dataDir)
  let current: string | null = null
  // Stopped (the server stopping, Ctrl-C): the attempt under way is given back, not counted.
  const stop = (signal: NodeJS.Signals) => {
    if (current) releaseAttempt(conn.db, current)
    process.exit(signal === 'SIGINT' ? 130 : 143)
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
  try {
    migrate(conn.sqlite)
    const result = await sweepImages(conn.db, config.dataDir, undefined, (name) => {
      current = name
      // Written at once (console.log may wait): if this decode is killed, the server has read it.
      writeSync(1, `${BEGIN_LINE}${name}\n`)
    })
    current = null
    for (const s of result.skipped) console.log(`${s.name}: ${s.note}`)
    console.log(`made the variants of ${result.made} image(s)${result.recorded ? `; recorded ${result.recorded} image(s) found in uploads` : ''}`)
  } finally {
    process.off('SIGTERM', stop)
    process.off('SIGINT', stop)
    conn.close()
  }
}
