// Page frame: skip link, header, main landmark, footer. Embed mode (?embed=1 or inside a frame)
// hides header and footer through the `embed` class the head script sets before first paint.
import type { ReactNode } from 'react'
import { Footer } from './footer'
import { Header } from './header'

export const MAIN_ID = 'main'

export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href={`#${MAIN_ID}`}>
        Skip to content
      </a>
      <Header />
      <main id={MAIN_ID} tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  )
}
