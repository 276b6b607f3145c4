// What a page served from memory leaves to do once answered: its request line and the count of its
// view, done in batches after the answers of the same turn of the event loop have gone out.
// NOTE: a cached page is some 20 µs of work; the line and the count were about 6 µs of it on the
// response's path. Batched, the answers of a burst go out first, and a batch shares its warm code.
import type { RequestLogger } from '../plugins/request-log'

export type Answered = { request: Request; status: number; ip: string; t0: number | undefined; ms: number | undefined }
type Count = (request: Request, status: number, ip: string) => void

/** Past this many answers waiting, a batch is done at once (a bound on what waits in memory). */
export const AFTER_ANSWER_BATCH_MAX = 1024

/** Queues what follows an answer; returns the queue's push and its flush (run on shutdown too). */
export function afterAnswer(log: RequestLogger | null, count: Count): { push(answered: Answered): void; flush(): void } {
  let batch: Answered[] = []
  const flush = () => {
    const done = batch
    batch = []
    for (const a of done) {
      count(a.request, a.status, a.ip)
      log?.(a.request, a.status, a.t0, a.ip, a.ms)
    }
  }
  return {
    push(answered) {
      if (batch.push(answered) === 1) setImmediate(flush)
      else if (batch.length >= AFTER_ANSWER_BATCH_MAX) flush()
    },
    flush,
  }
}
