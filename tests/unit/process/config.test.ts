import { describe, expect, test } from 'bun:test'
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ConfigError, loadConfig } from '#src/config'

const dir = () => mkdtempSync(join(tmpdir(), 'folio-config-'))
const base = (cwd: string) => ({ DATA_DIR: join(cwd, 'data') })

describe('configuration', () => {
  test('uses the contract defaults when nothing is set', () => {
    const cwd = dir()
    const config = loadConfig({}, cwd)
    expect(config.port).toBe(3000)
    expect(config.host).toBe('0.0.0.0')
    expect(config.dataDir).toBe(join(cwd, 'data'))
    expect(config.siteUrl).toBe('http://localhost:3000')
    expect(config.seed).toBe('demo')
    expect(config.admin).toBeNull()
    expect(config.captcha).toBeNull()
    expect(config.trustProxy).toBeNull()
    expect(config.logLevel).toBe('info')
    expect(config.apiBase).toBe('')
    // No identity variable set: the site settings take their first values from the seed or blank.
    expect(config.settingsEnv).toEqual({})
  })

  test('maps every site config variable of spec section 3', () => {
    const cwd = dir()
    const c = loadConfig(
      {
        ...base(cwd),
        SITE_NAME: 'Ada',
        SITE_TAGLINE: 'Tag',
        HERO_TITLE: 'Hero',
        HERO_SUBTITLE: 'Sub',
        SEO_TITLE: 'Seo',
        SEO_DESCRIPTION: 'Desc',
        GITHUB_URL: 'https://github.com/ada',
        LINKEDIN_URL: 'https://www.linkedin.com/in/ada',
        API_BASE: 'https://api.example',
        RESUME_FILE: 'cv.pdf',
        TRUST_PROXY: '1',
      },
      cwd,
    )
    expect(c.settingsEnv).toEqual({
      SITE_NAME: 'Ada',
      SITE_TAGLINE: 'Tag',
      HERO_TITLE: 'Hero',
      HERO_SUBTITLE: 'Sub',
      SEO_TITLE: 'Seo',
      SEO_DESCRIPTION: 'Desc',
      GITHUB_URL: 'https://github.com/ada',
      LINKEDIN_URL: 'https://www.linkedin.com/in/ada',
    })
    expect(c.apiBase).toBe('https://api.example')
    expect(c.resumeFile).toBe(join(cwd, 'cv.pdf'))
    expect(c.trustProxy?.anyPeer).toBe(true)
    expect(loadConfig({ ...base(cwd), SITE_NAME: 'Ada' }, cwd).settingsEnv).toEqual({ SITE_NAME: 'Ada' })
  })

  test('checks an identity variable by the rule of the setting it fills', () => {
    const cwd = dir()
    expect(() => loadConfig({ ...base(cwd), GITHUB_URL: 'ftp://github.com/ada' }, cwd)).toThrow(/GITHUB_URL/)
    expect(() => loadConfig({ ...base(cwd), SITE_NAME: 'x'.repeat(81) }, cwd)).toThrow(/SITE_NAME.*at most 80/)
    // Control characters are stripped, as in the admin's form.
    expect(loadConfig({ ...base(cwd), SITE_NAME: 'Ada\u0001 Lovelace' }, cwd).settingsEnv.SITE_NAME).toBe('Ada Lovelace')
  })

  test('derives SITE_URL from PORT and strips a trailing slash from a given one', () => {
    const cwd = dir()
    expect(loadConfig({ ...base(cwd), PORT: '8080' }, cwd).siteUrl).toBe('http://localhost:8080')
    expect(loadConfig({ ...base(cwd), SITE_URL: 'https://me.example/' }, cwd).siteUrl).toBe('https://me.example')
  })

  test('reads .env from the working directory, and the real environment wins', () => {
    const cwd = dir()
    writeFileSync(join(cwd, '.env'), '# comment\nPORT=4000\nexport SITE_NAME="Ada Quote"\nLOG_LEVEL=debug # trailing\n')
    const fromFile = loadConfig({}, cwd)
    expect(fromFile.port).toBe(4000)
    expect(fromFile.settingsEnv.SITE_NAME).toBe('Ada Quote')
    expect(fromFile.logLevel).toBe('debug')
    expect(loadConfig({ PORT: '5000' }, cwd).port).toBe(5000)
  })

  test('turns the captcha and the admin on only when both halves are set', () => {
    const cwd = dir()
    const c = loadConfig({ ...base(cwd), HCAPTCHA_SITEKEY: 'k', HCAPTCHA_SECRET: 's', ADMIN_EMAIL: 'Me@Example.com', ADMIN_PASSWORD: 'long enough' }, cwd)
    expect(c.captcha).toEqual({ siteKey: 'k', secret: 's', verifyUrl: 'https://api.hcaptcha.com/siteverify' })
    expect(c.admin).toEqual({ email: 'me@example.com', password: 'long enough' })
  })

  const invalid: [string, Record<string, string>, string][] = [
    ['a non-numeric PORT', { PORT: 'abc' }, 'PORT'],
    ['a PORT above 65535', { PORT: '70000' }, 'PORT'],
    ['half of a captcha pair', { HCAPTCHA_SITEKEY: 'k' }, 'HCAPTCHA_SECRET'],
    ['the other half of a captcha pair', { HCAPTCHA_SECRET: 's' }, 'HCAPTCHA_SITEKEY'],
    ['half of the admin pair', { ADMIN_EMAIL: 'a@b.c' }, 'ADMIN_PASSWORD'],
    ['a short admin password', { ADMIN_EMAIL: 'a@b.c', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    ['an unknown SEED', { SEED: 'lots' }, 'SEED'],
    ['a SITE_URL that is not a URL', { SITE_URL: 'example.com' }, 'SITE_URL'],
    ['an unknown LOG_LEVEL', { LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    ['a TRUST_PROXY that is neither 1 nor networks', { TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    ['a TRUST_PROXY network with a prefix too long', { TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    ['a TRUST_PROXY of 33 networks', { TRUST_PROXY: Array.from({ length: 33 }, (_, i) => `10.0.${i}.0/24`).join(',') }, 'TRUST_PROXY'],
    ['a verify URL that is not a URL', { HCAPTCHA_VERIFY_URL: 'nope' }, 'HCAPTCHA_VERIFY_URL'],
    ['a MESSAGE_META_DAYS that is not a number', { MESSAGE_META_DAYS: 'ninety' }, 'MESSAGE_META_DAYS'],
    ['a fractional MESSAGE_META_DAYS', { MESSAGE_META_DAYS: '1.5' }, 'MESSAGE_META_DAYS'],
    ['a negative MESSAGE_META_DAYS', { MESSAGE_META_DAYS: '-1' }, 'MESSAGE_META_DAYS'],
    ['a FRAME_ANCESTORS that is not an origin', { FRAME_ANCESTORS: "'self' example.com" }, 'FRAME_ANCESTORS'],
    ['a FRAME_ANCESTORS with a path or a CSP keyword it does not take', { FRAME_ANCESTORS: "https://a.example/embed 'unsafe-inline'" }, 'FRAME_ANCESTORS'],
  ]
  test.each(invalid)('rejects %s, naming the variable', (_name, env, variable) => {
    const cwd = dir()
    let error: unknown
    try {
      loadConfig({ ...base(cwd), ...env }, cwd)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).variable).toBe(variable)
    expect((error as Error).message).toContain(variable)
    expect((error as Error).message).not.toContain('\n')
  })

  test('keeps message IPs and user agents 90 days unless MESSAGE_META_DAYS says otherwise; 0 keeps them forever', () => {
    const cwd = dir()
    expect(loadConfig(base(cwd), cwd).messageMetaDays).toBe(90)
    expect(loadConfig({ ...base(cwd), MESSAGE_META_DAYS: '' }, cwd).messageMetaDays).toBe(90)
    expect(loadConfig({ ...base(cwd), MESSAGE_META_DAYS: '30' }, cwd).messageMetaDays).toBe(30)
    expect(loadConfig({ ...base(cwd), MESSAGE_META_DAYS: '0' }, cwd).messageMetaDays).toBe(0)
    expect(() => loadConfig({ ...base(cwd), MESSAGE_META_DAYS: '1.5' }, cwd)).toThrow('Invalid configuration: MESSAGE_META_DAYS must be a whole number of days (0 keeps them forever)')
  })

  test('purges no cache unless told where: CACHE_PURGE_URLS and the Cloudflare pair, checked', () => {
    const cwd = dir()
    expect(loadConfig(base(cwd), cwd).purge).toEqual({ caches: [], key: null, cloudflare: null })
    const key = 'k'.repeat(24)
    const set = loadConfig({ ...base(cwd), CACHE_PURGE_URLS: 'http://127.0.0.1:6081/, https://cache.example', CACHE_PURGE_KEY: key, CLOUDFLARE_ZONE_ID: 'a'.repeat(32), CLOUDFLARE_API_TOKEN: 'a-token-with-purge-rights' }, cwd).purge
    expect(set).toEqual({ caches: ['http://127.0.0.1:6081', 'https://cache.example'], key, cloudflare: { zoneId: 'a'.repeat(32), token: 'a-token-with-purge-rights', apiUrl: 'https://api.cloudflare.com/client/v4' } })
    // Without the key the cache in front would have to take a BAN from anyone on its machine.
    expect(() => loadConfig({ ...base(cwd), CACHE_PURGE_URLS: 'http://127.0.0.1:6081' }, cwd)).toThrow(/CACHE_PURGE_KEY must be set with CACHE_PURGE_URLS/)
    expect(() => loadConfig({ ...base(cwd), CACHE_PURGE_URLS: 'http://127.0.0.1:6081', CACHE_PURGE_KEY: 'short' }, cwd)).toThrow(/CACHE_PURGE_KEY/)
    expect(() => loadConfig({ ...base(cwd), CACHE_PURGE_URLS: 'ftp://cache', CACHE_PURGE_KEY: key }, cwd)).toThrow(/CACHE_PURGE_URLS/)
    expect(() => loadConfig({ ...base(cwd), CACHE_PURGE_URLS: 'http://a/?x=1', CACHE_PURGE_KEY: key }, cwd)).toThrow(/CACHE_PURGE_URLS/)
    expect(() => loadConfig({ ...base(cwd), CLOUDFLARE_ZONE_ID: 'a'.repeat(32) }, cwd)).toThrow(/CLOUDFLARE_API_TOKEN must be set too/)
    expect(() => loadConfig({ ...base(cwd), CLOUDFLARE_ZONE_ID: 'zone', CLOUDFLARE_API_TOKEN: 'a-token-with-purge-rights' }, cwd)).toThrow(/CLOUDFLARE_ZONE_ID/)
  })

  test("lets only folio frame its pages unless FRAME_ANCESTORS names origins", () => {
    const cwd = dir()
    expect(loadConfig(base(cwd), cwd).frameAncestors).toEqual(["'self'"])
    expect(loadConfig({ ...base(cwd), FRAME_ANCESTORS: " 'self'  https://blog.example https://*.example.org:8443 " }, cwd).frameAncestors).toEqual(["'self'", 'https://blog.example', 'https://*.example.org:8443'])
    expect(loadConfig({ ...base(cwd), FRAME_ANCESTORS: "'none'" }, cwd).frameAncestors).toEqual(["'none'"])
  })

  test('rejects a DATA_DIR that cannot be written', () => {
    const cwd = dir()
    const blocker = join(cwd, 'file')
    writeFileSync(blocker, 'not a directory')
    chmodSync(blocker, 0o400)
    expect(() => loadConfig({ DATA_DIR: join(blocker, 'data') }, cwd)).toThrow(/DATA_DIR/)
  })
})
