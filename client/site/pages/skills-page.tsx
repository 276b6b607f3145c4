// SkillsPage (being written).
export function SkillsPage() {
  return <div className="page"><h1>SkillsPage</h1></div>
}
