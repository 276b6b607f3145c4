// The /contact island (decision 066): the contact form, hydrated on its own with the API base and
// the captcha key as props; the page around it is the server's.
import { ContactForm, type ContactFormProps } from '#client/features/contact/contact-form'

export type { ContactFormProps }

export function ContactFormIsland(props: ContactFormProps) {
  return <ContactForm {...props} />
}
