// Projects screen (being written).
export function ProjectsScreen() {
  return (
    <section className="screen">
      <h1>Projects</h1>
    </section>
  )
}
