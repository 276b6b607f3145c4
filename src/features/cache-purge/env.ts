// CACHE_PURGE_URLS and the Cloudflare pair: which caches in front of folio are told of each change.
import { z } from 'zod'

const blank = (v: unknown) => (v === '' ? undefined : v)
const httpUrl = (v: string) => {
  try {
    const u = new URL(v)
    return (u.protocol === 'http:' || u.protocol === 'https:') && !u.search && !u.hash
  } catch {
    return false
  }
}

export const PURGE_ENV = {
  CACHE_PURGE_URLS: z.preprocess(
    blank,
    z
      .string()
      .max(2000)
      .transform((v) => v.split(',').map((s) => s.trim().replace(/\/+$/, '')).filter(Boolean))
      .refine((list) => list.length <= 8 && list.every(httpUrl), 'must be up to 8 http(s) addresses of caches, comma-separated, such as http://127.0.0.1:6081')
      .optional(),
  ),
  CLOUDFLARE_ZONE_ID: z.preprocess(blank, z.string().regex(/^[a-f0-9]{32}$/, 'must be the 32-character zone ID from the Cloudflare dashboard').optional()),
  CLOUDFLARE_API_TOKEN: z.preprocess(blank, z.string().min(20).max(200).regex(/^[\w-]+$/, 'must be an API token with the Cache Purge permission').optional()),
  /** Never set by an owner: tests point it at a local fake of Cloudflare's API. */
  CLOUDFLARE_API_URL: z.preprocess(blank, z.string().max(200).refine(httpUrl, 'must be an http(s) URL').optional()),
}

export type PurgeConfig = { caches: string[]; cloudflare: { zoneId: string; token: string; apiUrl: string } | null }

type PurgeEnv = { CACHE_PURGE_URLS?: string[]; CLOUDFLARE_ZONE_ID?: string; CLOUDFLARE_API_TOKEN?: string; CLOUDFLARE_API_URL?: string }

export function purgeConfigOf(e: PurgeEnv, fail: (variable: string, problem: string) => never): PurgeConfig {
  if (!!e.CLOUDFLARE_ZONE_ID !== !!e.CLOUDFLARE_API_TOKEN) fail(e.CLOUDFLARE_ZONE_ID ? 'CLOUDFLARE_API_TOKEN' : 'CLOUDFLARE_ZONE_ID', 'must be set too (Cloudflare purging needs both)')
  return {
    caches: e.CACHE_PURGE_URLS ?? [],
    cloudflare: e.CLOUDFLARE_ZONE_ID && e.CLOUDFLARE_API_TOKEN ? { zoneId: e.CLOUDFLARE_ZONE_ID, token: e.CLOUDFLARE_API_TOKEN, apiUrl: e.CLOUDFLARE_API_URL ?? 'https://api.cloudflare.com/client/v4' } : null,
  }
}
