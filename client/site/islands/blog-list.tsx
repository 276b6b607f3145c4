// Placeholder: being written (issue 33).
export function BlogList(_props: object) {
  return null
}
