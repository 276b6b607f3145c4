// Health room: GET /api/health for monitors and the self-check of a deployment.
import { Elysia } from 'elysia'
import type { AppDeps } from '#src/app-deps'
import { VERSION } from './version'

export const healthRoutes = ({ conn }: AppDeps) => {
  const startedAt = performance.now()
  return new Elysia().get('/api/health', ({ set }) => {
    set.headers['cache-control'] = 'no-store'
    const uptimeSeconds = Math.floor((performance.now() - startedAt) / 1000)
    try {
      const { migrations } = conn.sqlite.query('SELECT count(*) AS migrations FROM __folio_migrations').get() as { migrations: number }
      return { ok: true as const, version: VERSION, uptimeSeconds, database: { ok: true as const, migrations } }
    } catch (error) {
      // A monitor should page someone: 503, still in the contract's error shape.
      set.status = 503
      return { ok: false as const, error: 'Database unavailable', version: VERSION, uptimeSeconds, database: { ok: false as const, problem: (error as Error).message } }
    }
  })
}
