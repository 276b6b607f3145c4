// Placeholder: being written (issue 33).
export function TokenDemo(_props: object) {
  return null
}
