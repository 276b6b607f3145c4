// Invisible hCaptcha for the contact form: the script loads only when the site has a key, and
// each send asks it for a fresh token (spec section 7, "Captcha").

export const HCAPTCHA_SCRIPT = 'https://js.hcaptcha.com/1/api.js?render=explicit'
const READY_CALLBACK = '__folioHcaptchaReady'

type RenderParams = {
  sitekey: string
  size: 'invisible'
  callback?: (token: string) => void
  'error-callback'?: (error: string) => void
}
/** The part of hCaptcha's browser API used here. */
export type HcaptchaApi = {
  render(container: HTMLElement, params: RenderParams): string
  execute(widgetId: string, options: { async: true }): Promise<{ response: string }>
  reset(widgetId?: string): void
  remove?(widgetId: string): void
}
type CaptchaWindow = Window & { hcaptcha?: HcaptchaApi; [READY_CALLBACK]?: () => void }

export const CAPTCHA_LOAD_FAILED = 'The captcha could not load. Check your connection and try again.'
export const CAPTCHA_CLOSED = 'The captcha was closed before it finished. Please try again.'
export const CAPTCHA_FAILED = 'The captcha failed. Please try again.'

let loading: Promise<HcaptchaApi> | null = null

/** Loads hCaptcha's script once per page; a failed load may be retried by calling again. */
export function loadHcaptcha(): Promise<HcaptchaApi> {
  const w = window as CaptchaWindow
  if (w.hcaptcha) return Promise.resolve(w.hcaptcha)
  if (loading) return loading
  loading = new Promise<HcaptchaApi>((resolve, reject) => {
    const ready = () => (w.hcaptcha ? resolve(w.hcaptcha) : fail())
    const fail = () => {
      loading = null
      script.remove()
      reject(new Error(CAPTCHA_LOAD_FAILED))
    }
    // hCaptcha calls the onload callback once its API is usable; the load event is a fallback
    // for stand-ins (tests) that define the API without calling back.
    w[READY_CALLBACK] = ready
    const script = document.createElement('script')
    script.src = `${HCAPTCHA_SCRIPT}&onload=${READY_CALLBACK}`
    script.async = true
    script.addEventListener('load', () => w.hcaptcha && resolve(w.hcaptcha))
    script.addEventListener('error', fail)
    document.head.appendChild(script)
  })
  return loading
}

/** hCaptcha's error codes, as a visitor reads them. */
export function captchaErrorText(error: unknown): string {
  if (error === 'challenge-closed') return CAPTCHA_CLOSED
  if (error instanceof Error && error.message) return error.message
  return CAPTCHA_FAILED
}

export type InvisibleCaptcha = { token(): Promise<string>; reset(): void; remove(): void }

/** An invisible widget in `container`; `token()` runs the (usually silent) check. */
export async function invisibleCaptcha(container: HTMLElement, sitekey: string): Promise<InvisibleCaptcha> {
  const api = await loadHcaptcha()
  const id = api.render(container, { sitekey, size: 'invisible' })
  return {
    async token() {
      try {
        return (await api.execute(id, { async: true })).response
      } catch (e) {
        throw new Error(captchaErrorText(e), { cause: e })
      }
    },
    reset: () => api.reset(id),
    remove: () => api.remove?.(id),
  }
}
