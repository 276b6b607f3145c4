// Placeholder: being written (issue 33).
export function ResumeStatus(_props: object) {
  return null
}
