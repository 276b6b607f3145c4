// Bun imports `.md` files as text with `with { type: 'text' }` (see src/seed/content/index.ts).
declare module '*.md' {
  const text: string
  export default text
}
