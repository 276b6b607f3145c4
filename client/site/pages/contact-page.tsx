// /contact: the contact form of spec sections 2, 4, 5 and 8.
import { hasLiveApi, useSite } from '#client/lib/site-context'
import { ContactForm } from '#client/features/contact/contact-form'

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

export function ContactPage() {
  const site = useSite()
  return (
    <div className="page contact">
      <header className="page-header">
        <h1>Contact</h1>
        <p className="lede">Questions, collaboration ideas or a resume request: write here and you will get an answer by email.</p>
      </header>
      {hasLiveApi(site) ? <ContactForm /> : <ContactOffline />}
    </div>
  )
}
