// Placeholder: being written (issue 33).
export function SkillsList(_props: object) {
  return null
}
