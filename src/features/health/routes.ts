// Health room: GET /api/health for monitors and the self-check of a deployment.
import { Elysia } from 'elysia'
import pkg from '../../../package.json'
import type { AppDeps } from '../../app-deps'

export const VERSION: string = pkg.version

export const healthRoutes = ({ conn }: AppDeps) =>
  new Elysia().get('/api/health', ({ set }) => {
    set.headers['cache-control'] = 'no-store'
    conn.sqlite.query('SELECT 1').get()
    return { ok: true as const, version: VERSION }
  })
