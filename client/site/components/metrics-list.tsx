/** The 'Outcomes' of a project: one "label: value" entry per metric, in the stored order. */
export function MetricsList({ metrics }: { metrics: Record<string, number | string> }) {
  const entries = Object.entries(metrics)
  if (!entries.length) return null
  return (
    <section className="project-section outcomes" aria-labelledby="outcomes-title">
      <h2 id="outcomes-title">Outcomes</h2>
      <ul className="metrics-list">
        {entries.map(([label, value]) => (
          <li key={label}>
            <span className="metric-label">{label}:</span> <strong className="metric-value">{String(value)}</strong>
          </li>
        ))}
      </ul>
    </section>
  )
}
