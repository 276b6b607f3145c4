import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import * as paths from '#src/contract/paths'
import { EMPTY_CONTACT, type ContactField, type ContactFormState, type ContactOutcome, type ContactValues, type FieldErrors } from '#src/contract/contact-form'
import { ApiError, createApiClient, isAbortError } from '#client/lib/api'
import { sendContact } from './api'
import { invisibleCaptcha, type InvisibleCaptcha } from './captcha'
import { checkContact, contactErrorText, detailsOf, fieldErrors, firstInvalid, loadContactSchema, sentText } from './contact-rules'
import { ContactHoneypot } from './contact-honeypot'
import { ContactReason } from './contact-reason'
import { TextField } from './text-field'

/**
 * `initial`: what the server shows after a form posted without JavaScript (the values sent back
 * with their messages, or the thanks); null for a fresh form. Plain JSON: the form is an island.
 */
export type ContactFormProps = { apiBase: string; captchaSiteKey: string | null; initial: ContactFormState | null }

// NOTE: fixed ids, not useId: the server renders with React, the browser hydrates with Preact,
// and their generated ids differ. A page has one contact form.
const IDS = { name: 'contact-name', email: 'contact-email', message: 'contact-message', reason: 'contact-reason', note: 'contact-note', website: 'contact-website', answer: 'contact-answer' }
/**
 * A form posted without JavaScript lands on the page the server answers, scrolled to
 * #contact-answer: the first field when there is something to fix, else the outcome under the
 * button (on a phone the thanks would be a screen below the top).
 */
const ACTION = `${paths.contact}#${IDS.answer}`
const NOTE =
  'Your message is stored with a timestamp, your IP address and your browser\u2019s user-agent for abuse prevention. See the '

/**
 * The contact form (spec sections 2, 4, 5, 8). With JavaScript: validated on send with the
 * server's schema, then sent as JSON with an invisible hCaptcha token when the site has a captcha
 * key, plus two spam signals the server checks: the honeypot's text (when a bot filled it) and how
 * long the form was open. Without it: a plain form POST to /contact, answered with this page.
 */
export function ContactForm({ apiBase, captchaSiteKey: key, initial }: ContactFormProps) {
  const [values, setValues] = useState<ContactValues>(initial?.values ?? EMPTY_CONTACT)
  const [errors, setErrors] = useState<FieldErrors>(initial?.errors ?? {})
  const [sending, setSending] = useState(false)
  const [outcome, setOutcome] = useState<ContactOutcome | null>(initial?.outcome ?? null)
  const form = useRef<HTMLFormElement>(null)
  const captchaBox = useRef<HTMLDivElement>(null)
  const captcha = useRef<Promise<InvisibleCaptcha> | null>(null)
  const busy = useRef(false)
  // When the form became usable (hydrated), then when the last message went: a fill starts there.
  const openedAt = useRef(0)
  const api = useMemo(() => createApiClient({ apiBase }), [apiBase])

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
    const website = (e.currentTarget.elements.namedItem('website') as HTMLInputElement | null)?.value ?? ''
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

  const toFix = Object.values(errors).some(Boolean)
  return (
    // noValidate: the rules and texts are spec section 5's, shown by the form itself (or, without
    // JavaScript, by the page the server answers with). Warming the schema on first focus makes
    // the first send as quick as the next ones.
    <form ref={form} id={toFix ? IDS.answer : undefined} className="contact-form" method="post" action={ACTION} noValidate onSubmit={onSubmit} onFocus={() => void loadContactSchema().catch(() => undefined)}>
      <TextField id={IDS.name} name="name" label="Name" value={values.name} onChange={set('name')} error={errors.name} autoComplete="name" />
      <TextField id={IDS.email} name="email" label="Email" type="email" value={values.email} onChange={set('email')} error={errors.email} autoComplete="email" />
      <ContactReason id={IDS.reason} value={values.reason} onChange={set('reason')} error={errors.reason} />
      <TextField id={IDS.message} name="message" label="Message" multiline value={values.message} onChange={set('message')} error={errors.message} hint="Min 10 characters. Max 5000." />
      <p id={IDS.note} className="form-note">
        {NOTE}
        <a href={paths.privacy}>privacy policy</a>.
      </p>
      <ContactHoneypot id={IDS.website} />
      <div ref={captchaBox} className="captcha-box" />
      <p className="form-actions">
        <button type="submit" className="button primary" disabled={sending}>
          {sending ? 'Sending…' : 'Send'}
        </button>
      </p>
      {/* Both regions stay in the page, so screen readers announce what appears in them. */}
      <div id={toFix ? undefined : IDS.answer} className="form-result">
        <p role="status" className="form-success">
          {outcome?.ok ? outcome.text : null}
        </p>
        <p role="alert" className="error form-error">
          {outcome && !outcome.ok ? outcome.text : null}
        </p>
      </div>
    </form>
  )
}
