// Configuration of the purger: CACHE_PURGE_URLS and the Cloudflare pair, which caches in front of
// folio are told of each change (src/web/cache/purger.ts), checked by src/config.ts with these rules.
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
  CACHE_PURGE_KEY: z.preprocess(blank, z.string().regex(/^[\w-]{24,128}$/, 'must be 24 to 128 letters, digits, - or _ (make one with: openssl rand -hex 24)').optional()),
  CLOUDFLARE_ZONE_ID: z.preprocess(blank, z.string().regex(/^[a-f0-9]{32}$/, 'must be the 32-character zone ID from the Cloudflare dashboard').optional()),
  CLOUDFLARE_API_TOKEN: z.preprocess(blank, z.string().min(20).max(200).regex(/^[\w-]+$/, 'must be an API token with the Cache Purge permission').optional()),
  /** Never set by an owner: tests point it at a local fake of Cloudflare's API. */
  CLOUDFLARE_API_URL: z.preprocess(blank, z.string().max(200).refine(httpUrl, 'must be an http(s) URL').optional()),
}

export type PurgeConfig = { caches: string[]; key: string | null; cloudflare: { zoneId: string; token: string; apiUrl: string } | null }

type PurgeEnv = { CACHE_PURGE_URLS?: string[]; CACHE_PURGE_KEY?: string; CLOUDFLARE_ZONE_ID?: string; CLOUDFLARE_API_TOKEN?: string; CLOUDFLARE_API_URL?: string }

export function purgeConfigOf(e: PurgeEnv, fail: (variable: string, problem: string) => never): PurgeConfig {
  if (!!e.CLOUDFLARE_ZONE_ID !== !!e.CLOUDFLARE_API_TOKEN) fail(e.CLOUDFLARE_ZONE_ID ? 'CLOUDFLARE_API_TOKEN' : 'CLOUDFLARE_ZONE_ID', 'must be set too (Cloudflare purging needs both)')
  // The cache in front admits a BAN from its own machine, where the TLS proxy is too: without a
  // shared key anyone could empty it (docs/deploy/varnish.vcl).
  if (e.CACHE_PURGE_URLS?.length && !e.CACHE_PURGE_KEY) fail('CACHE_PURGE_KEY', 'must be set with CACHE_PURGE_URLS: the secret your cache checks on every BAN (make one with: openssl rand -hex 24)')
  return {
    caches: e.CACHE_PURGE_URLS ?? [],
    key: e.CACHE_PURGE_KEY ?? null,
    cloudflare: e.CLOUDFLARE_ZONE_ID && e.CLOUDFLARE_API_TOKEN ? { zoneId: e.CLOUDFLARE_ZONE_ID, token: e.CLOUDFLARE_API_TOKEN, apiUrl: e.CLOUDFLARE_API_URL ?? 'https://api.cloudflare.com/client/v4' } : null,
  }
}
