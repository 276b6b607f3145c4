import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import * as paths from '#src/contract/paths'
import { ApiError, createApiClient, isAbortError } from '#client/lib/api'
import { useSite } from '#client/lib/site-context'
import { sendContact } from './api'
import { invisibleCaptcha, type InvisibleCaptcha } from './captcha'
import {
  checkContact,
  contactErrorText,
  detailsOf,
  EMPTY_CONTACT,
  fieldErrors,
  firstInvalid,
  loadContactSchema,
  sentText,
  type ContactField,
  type ContactValues,
  type FieldErrors,
} from './contact-rules'
import { ContactHoneypot } from './contact-honeypot'
import { TextField } from './text-field'

const REASONS = [
  ['general', 'General'],
  ['resume', 'Resume'],
  ['collaboration', 'Collaboration'],
] as const

type Outcome = { ok: boolean; text: string } | null

/**
 * The contact form (spec sections 2, 4, 5, 8): validated on send with the server's schema, then
 * sent with an invisible hCaptcha token when the site has a captcha key, plus two spam signals the
 * server checks: the honeypot's text (when a bot filled it) and how long the form was open.
 */
export function ContactForm() {
  const site = useSite()
  const id = useId()
  const [values, setValues] = useState<ContactValues>(EMPTY_CONTACT)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [sending, setSending] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>(null)
  // Send stays disabled until React runs: a native submit would post a form nobody reads.
  const [ready, setReady] = useState(false)
  const form = useRef<HTMLFormElement>(null)
  const captchaBox = useRef<HTMLDivElement>(null)
  const captcha = useRef<Promise<InvisibleCaptcha> | null>(null)
  const busy = useRef(false)
  const honeypot = useRef<HTMLInputElement>(null)
  // When the form became usable (hydrated), then when the last message went: a fill starts there.
  const openedAt = useRef(0)
  const api = useMemo(() => createApiClient({ apiBase: site.apiBase }), [site.apiBase])
  const key = site.captchaSiteKey

  /** The widget, created on first need; a failed load is tried again on the next send. */
  const widget = (): Promise<InvisibleCaptcha> => {
    captcha.current ??= invisibleCaptcha(captchaBox.current!, key!).catch((e: unknown) => {
      captcha.current = null
      throw e
    })
    return captcha.current
  }

  // hCaptcha loads with the page only when the site has a key; without one nothing is fetched.
  useEffect(() => {
    if (!key) return
    widget().catch(() => undefined)
    return () => {
      void captcha.current?.then((w) => w.remove(), () => undefined)
      captcha.current = null
    }
    // NOTE: widget() reads the key of this render; the effect re-runs when the key changes.
  }, [key])

  useEffect(() => {
    openedAt.current = performance.now()
    setReady(true)
  }, [])

  const set = (field: ContactField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }))
  }

  const focus = (field: ContactField | undefined) => {
    if (field) form.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus()
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (busy.current) return
    busy.current = true
    setOutcome(null)
    const website = honeypot.current?.value ?? ''
    const formMs = Math.round(performance.now() - openedAt.current)
    try {
      const checked = await checkContact(values, website ? { website, formMs } : { formMs })
      if (!checked.ok) {
        setErrors(checked.errors)
        focus(firstInvalid(checked.errors))
        return
      }
      setErrors({})
      setSending(true)
      const hcaptchaToken = key ? await (await widget()).token() : undefined
      const body = await sendContact(api, hcaptchaToken ? { ...checked.payload, hcaptchaToken } : checked.payload)
      setValues(EMPTY_CONTACT)
      openedAt.current = performance.now()
      setOutcome({ ok: true, text: sentText(body) })
    } catch (error) {
      if (isAbortError(error)) return
      if (error instanceof ApiError) setErrors(fieldErrors(detailsOf(error.body)))
      setOutcome({ ok: false, text: contactErrorText(error) })
    } finally {
      // A token is good for one send only, whatever became of it.
      if (key && captcha.current) void captcha.current.then((w) => w.reset(), () => undefined)
      busy.current = false
      setSending(false)
    }
  }

  const ids = { name: `${id}-name`, email: `${id}-email`, message: `${id}-message`, reasonError: `${id}-reason-error`, note: `${id}-note` }
  return (
    // noValidate: the rules and texts are spec section 5's, shown by the form itself.
    // Warming the schema on first focus makes the first send as quick as the next ones.
    <form ref={form} className="contact-form" method="post" noValidate onSubmit={onSubmit} onFocus={() => void loadContactSchema().catch(() => undefined)}>
      <TextField id={ids.name} name="name" label="Name" value={values.name} onChange={set('name')} error={errors.name} autoComplete="name" />
      <TextField id={ids.email} name="email" label="Email" type="email" value={values.email} onChange={set('email')} error={errors.email} autoComplete="email" />
      <fieldset className="field reason">
        <legend>Reason</legend>
        <div className="radios">
          {REASONS.map(([value, label]) => (
            <label key={value} className="radio">
              <input
                type="radio"
                name="reason"
                value={value}
                checked={values.reason === value}
                onChange={() => set('reason')(value)}
                aria-invalid={errors.reason ? true : undefined}
                aria-describedby={errors.reason ? ids.reasonError : undefined}
              />{' '}
              {label}
            </label>
          ))}
        </div>
        {errors.reason && (
          <p id={ids.reasonError} className="field-error">
            {errors.reason}
          </p>
        )}
      </fieldset>
      <TextField id={ids.message} name="message" label="Message" multiline value={values.message} onChange={set('message')} error={errors.message} hint="Min 10 characters. Max 5000." />
      <p id={ids.note} className="form-note">
        Your message is stored with a timestamp, your IP address and your browser&rsquo;s user-agent for abuse prevention. See the{' '}
        <Link href={paths.privacy}>privacy policy</Link>.
      </p>
      <ContactHoneypot id={`${id}-website`} ref={honeypot} />
      <div ref={captchaBox} className="captcha-box" />
      <noscript>
        <p className="error">JavaScript is needed to send this form.</p>
      </noscript>
      <p className="form-actions">
        <button type="submit" className="button primary" disabled={!ready || sending}>
          {sending ? 'Sending…' : 'Send'}
        </button>
      </p>
      {/* Both regions stay in the page, so screen readers announce what appears in them. */}
      <div className="form-result">
        <p role="status" className="form-success">
          {outcome?.ok ? outcome.text : ''}
        </p>
        <p role="alert" className="error form-error">
          {outcome && !outcome.ok ? outcome.text : ''}
        </p>
      </div>
    </form>
  )
}
