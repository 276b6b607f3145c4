// Placeholder: being written (issue 33).
export function ProjectsList(_props: object) {
  return null
}
