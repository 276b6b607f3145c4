// /contact: the contact form of spec sections 2, 4, 5 and 8, as an island. After a form posted
// without JavaScript the server renders this page with the outcome (site data `contactForm`):
// the thanks, or the values sent back with what to fix.
import { CAPTCHA_NEEDS_JS } from '#src/contract/contact-form'
import { hasLiveApi, useSite, useSiteData } from '#client/lib/site-context'
import { ContactFormIsland } from '../islands/contact-form'
import { island } from '../islands/island'

const ContactFormMarked = island('contact-form', ContactFormIsland)

/** A static export without an API has nobody to take a message: it says so and links elsewhere. */
function ContactOffline() {
  const site = useSite()
  return (
    <p className="contact-offline" role="note">
      This is a static copy of the site, so the contact form is off here.
      {site.links.email ? (
        <>
          {' '}Write to {site.siteName} at <a href={`mailto:${site.links.email}`}>{site.links.email}</a>.
        </>
      ) : null}
    </p>
  )
}

/**
 * What a visitor without JavaScript cannot do here: pass the captcha (it runs in the browser), or
 * send from a static copy (it has no server to post the form to).
 */
function NeedsJavaScript({ text }: { text: string }) {
  return (
    <noscript>
      <p className="error contact-needs-js">{text}</p>
    </noscript>
  )
}

export function ContactPage() {
  const site = useSite()
  const submitted = useSiteData().contactForm ?? null
  return (
    <div className="page contact">
      <header className="page-header">
        <h1>Contact</h1>
        <p className="lede">Questions, collaboration ideas or a resume request: write here and you will get an answer by email.</p>
      </header>
      {!hasLiveApi(site) ? (
        <ContactOffline />
      ) : (
        <>
          {site.captchaSiteKey ? <NeedsJavaScript text={CAPTCHA_NEEDS_JS} /> : site.staticSite ? <NeedsJavaScript text="JavaScript is needed to send this form." /> : null}
          <ContactFormMarked apiBase={site.apiBase} captchaSiteKey={site.captchaSiteKey} initial={submitted} />
        </>
      )}
    </div>
  )
}
