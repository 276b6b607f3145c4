// ProjectPage (being written).
export function ProjectPage() {
  return <div className="page"><h1>ProjectPage</h1></div>
}
