// Resumes screen (being written).
export function ResumesScreen() {
  return (
    <section className="screen">
      <h1>Resumes</h1>
    </section>
  )
}
