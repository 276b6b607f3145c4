// Site config of spec section 3, as handed to the client.
export type SiteConfig = {
  apiBase: string
  siteName: string
  seo: { title: string; description: string }
  githubUrl: string
  linkedInUrl: string
  tagline: string
  heroTitle: string
  heroSubtitle: string
}
