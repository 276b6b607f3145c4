// /privacy: the static policy of spec section 2. What it says must stay true of the code:
// contact messages are the only personal data kept; visits are counted with no cookie, no IP and
// no user-agent stored (src/features/analytics), and not at all under Global Privacy Control.
import { Link } from 'wouter'
import * as paths from '#src/contract/paths'
import { useSite } from '#client/lib/site-context'

export function PrivacyPage() {
  const site = useSite()
  return (
    <article className="page privacy">
      <header className="page-header">
        <h1>Privacy</h1>
        <p className="lede">This site collects as little as it can: only what you send through the contact form.</p>
      </header>

      <section aria-labelledby="privacy-collected">
        <h2 id="privacy-collected">What is collected</h2>
        <p>
          Only contact form data. When you send a message, the site stores your name, email address, the reason you picked and your message, together
          with a timestamp, your IP address and your browser&rsquo;s user-agent. The last three are kept for abuse prevention only
          {site.messageMetaDays > 0 ? <>; the IP address and user-agent are deleted after {site.messageMetaDays} days</> : null}. Nothing else you do here is
          tied to you.
        </p>
      </section>

      <section aria-labelledby="privacy-analytics">
        <h2 id="privacy-analytics">Analytics</h2>
        {site.pageViews === 'off' ? (
          <p>Analytics are optional and cookie-less, and on this site they are off: no visit is counted at all.</p>
        ) : (
          <>
            <p>
              Analytics are optional and cookie-less. Visits are counted without cookies and without storing IP addresses, user-agents or any
              other identifier. To count a visitor once a day, the site hashes the address and browser with a random key that changes every day
              and is deleted when the day ends, so a visit cannot be traced back to you, nor linked to your visit the next day.
            </p>
            <p>
              What is kept: the page, the day, the site that linked here, campaign tags in the link, the browser family, operating system and
              device class (desktop, mobile or tablet), and a few actions such as following a link to another site. With a contact message,
              the site also keeps how that visit began (its first page, the linking site and the campaign), not who you are.
            </p>
            <p>
              If your browser sends Global Privacy Control, nothing about your visit is counted. Blocking the count (any content blocker does)
              changes nothing on the site for you.
            </p>
          </>
        )}
      </section>

      <section aria-labelledby="privacy-cookies">
        <h2 id="privacy-cookies">Cookies and local storage</h2>
        <p>
          One httpOnly session cookie is used, and only when the site owner signs in to the admin area; it expires after 12 hours. Visitors get no
          cookies. Your theme choice (dark or light) is kept in your browser&rsquo;s local storage and never leaves your device.
        </p>
      </section>

      {site.captchaSiteKey && (
        <section aria-labelledby="privacy-captcha">
          <h2 id="privacy-captcha">Captcha</h2>
          <p>
            The contact form uses hCaptcha to keep spam out. Its script loads only on the contact page, and hCaptcha processes the data it needs to
            tell people from bots under its own privacy policy.
          </p>
        </section>
      )}

      <section aria-labelledby="privacy-removal">
        <h2 id="privacy-removal">Removing your messages</h2>
        <p>
          Messages are removed on request. Write through the <Link href={paths.contact}>contact form</Link> from the email address you used before and ask
          for your messages to be deleted; they are then deleted permanently, not just archived.
        </p>
      </section>

      <section aria-labelledby="privacy-contact">
        <h2 id="privacy-contact">Questions</h2>
        <p>
          {site.siteName} runs this site on its own server; no data is sold or shared. Questions about this policy are welcome through the{' '}
          <Link href={paths.contact}>contact form</Link>.
        </p>
      </section>
    </article>
  )
}
