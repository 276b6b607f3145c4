import type { Ref } from 'react'

/**
 * A field only bots fill: off-screen rather than display:none (which bots skip), hidden from
 * screen readers (aria-hidden), out of the Tab order and never autofilled. Uncontrolled, so a
 * script that sets its value without typing is caught too.
 */
export function ContactHoneypot({ id, ref }: { id: string; ref: Ref<HTMLInputElement> }) {
  return (
    <div className="contact-extra" aria-hidden="true">
      <label htmlFor={id}>Website (leave this empty)</label>
      <input ref={ref} id={id} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  )
}
