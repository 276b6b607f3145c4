/** A skill's level (0-100) as a percent bar, announced as e.g. "React level 60%". */
export function SkillLevel({ name, level }: { name: string; level: number }) {
  const percent = Math.round(Math.min(100, Math.max(0, Number.isFinite(level) ? level : 0)))
  return (
    <div className="skill-level">
      <div
        className="skill-level-bar"
        role="meter"
        aria-label={`${name} level ${percent}%`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <span className="skill-level-fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="skill-level-value" aria-hidden="true">
        {percent}%
      </span>
    </div>
  )
}
