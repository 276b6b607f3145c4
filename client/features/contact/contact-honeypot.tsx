/**
 * A field only bots fill: off-screen rather than display:none (which bots skip), hidden from
 * screen readers (aria-hidden), out of the Tab order and never autofilled. Uncontrolled, so a
 * script that sets its value without typing is caught too; the form reads it by name on send.
 * NOTE: no ref prop: Preact (the island's runtime) does not pass `ref` to function components.
 */
export function ContactHoneypot({ id }: { id: string }) {
  return (
    <div className="contact-extra" aria-hidden="true">
      <label htmlFor={id}>Website (leave this empty)</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  )
}
