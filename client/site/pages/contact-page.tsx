// /contact: the contact form of spec sections 2, 4, 5 and 8.
import { ContactForm } from '../components/contact-form'

export function ContactPage() {
  return (
    <div className="page contact">
      <header className="page-header">
        <h1>Contact</h1>
        <p className="lede">Questions, collaboration ideas or a resume request: write here and you will get an answer by email.</p>
      </header>
      <ContactForm />
    </div>
  )
}
