// The skills screen's tab list (WAI-ARIA tabs pattern, automatic activation): one tab stop,
// arrow keys move between tabs, Home and End jump to the ends.
import { useRef, type KeyboardEvent } from 'react'

export type TabSpec<T extends string> = { id: T; label: string }

type Props<T extends string> = { label: string; tabs: TabSpec<T>[]; selected: T; onSelect: (id: T) => void; idOf: (id: T) => { tab: string; panel: string } }

export function SkillsTabs<T extends string>({ label, tabs, selected, onSelect, idOf }: Props<T>) {
  const refs = useRef(new Map<T, HTMLButtonElement>())

  function onKeyDown(e: KeyboardEvent) {
    const at = tabs.findIndex((t) => t.id === selected)
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[e.key]
    if (to === undefined) return
    e.preventDefault()
    const next = tabs[(to + tabs.length) % tabs.length]
    if (!next) return
    onSelect(next.id)
    refs.current.get(next.id)?.focus()
  }

  return (
    <div className="skills-tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((t) => {
        const active = t.id === selected
        return (
          <button
            key={t.id}
            ref={(el) => {
              if (el) refs.current.set(t.id, el)
              else refs.current.delete(t.id)
            }}
            type="button"
            role="tab"
            id={idOf(t.id).tab}
            aria-selected={active}
            aria-controls={idOf(t.id).panel}
            tabIndex={active ? 0 : -1}
            className="skills-tab"
            onClick={() => onSelect(t.id)}
          >
            {t.label}
          </button>
        )
      })}
    </div>
  )
}
