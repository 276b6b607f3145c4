// Placeholder: being written (issue 33).
export function ContactFormIsland(_props: object) {
  return null
}
