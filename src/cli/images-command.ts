// `folio images`: the responsive variants of every uploaded image that lacks them. The server
// starts it as a child process after an upload and at start, so the codecs' memory is the
// child's, given back when it exits; the owner can run it too (it is safe beside a running server).
import { migrate } from '#db/migrate'
import { openDatabase } from '#db/connection'
import type { Config } from '../config'
import { sweepImages } from '../features/uploads/variant-sweep'

export async function imagesCommand(config: Config): Promise<void> {
  const conn = openDatabase(config.dataDir)
  try {
    migrate(conn.sqlite)
    const result = await sweepImages(conn.db, config.dataDir)
    for (const s of result.skipped) console.log(`${s.name}: ${s.note}`)
    console.log(`made the variants of ${result.made} image(s)${result.recorded ? `; recorded ${result.recorded} image(s) found in uploads` : ''}`)
  } finally {
    conn.close()
  }
}
