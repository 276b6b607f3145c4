// Skills screen (being written).
export function SkillsScreen() {
  return (
    <section className="screen">
      <h1>Skills</h1>
    </section>
  )
}
