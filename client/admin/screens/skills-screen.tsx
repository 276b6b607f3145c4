// /admin/skills (spec section 2 "Admin skills"): the Lexicon and Overrides tabs, then a preview
// of the public skills. The tab is kept in the URL (?tab=overrides) so a reload or link keeps it.
import { useLocation, useSearch } from 'wouter'
import { SkillsLexiconPanel } from '#client/features/skills/skills-lexicon-panel'
import { SkillsOverridePanel } from '#client/features/skills/skills-override-panel'
import { SkillsPreview } from '#client/features/skills/skills-preview'
import { SkillsTabs, type TabSpec } from '#client/features/skills/skills-tabs'

type Tab = 'lexicon' | 'overrides'
const TABS: TabSpec<Tab>[] = [
  { id: 'lexicon', label: 'Skills to find (lexicon)' },
  { id: 'overrides', label: 'Adjustments (overrides)' },
]
const idOf = (tab: Tab) => ({ tab: `skills-tab-${tab}`, panel: `skills-panel-${tab}` })

export function SkillsScreen() {
  const [location, navigate] = useLocation()
  const tab: Tab = new URLSearchParams(useSearch()).get('tab') === 'overrides' ? 'overrides' : 'lexicon'
  const select = (next: Tab) => navigate(next === 'lexicon' ? location : `${location}?tab=${next}`, { replace: true })

  return (
    <section className="screen skills-admin" aria-labelledby="skills-title">
      <h1 id="skills-title">Skills</h1>
      <div className="skills-intro">
        <p>
          Visitors&rsquo; skills are not typed in one by one: folio computes them from your projects and posts. You list the skills to look for;
          a skill shows when a project or post mentions it, and its level grows with how often and how recently it does.
        </p>
        <dl className="skills-glossary">
          <div>
            <dt>Matches text containing</dt>
            <dd>Words a project&rsquo;s or post&rsquo;s text must contain to count for the skill (its patterns).</dd>
          </div>
          <div>
            <dt>Counts projects tagged</dt>
            <dd>Tags that count for the skill even when the text does not say it (its tag hints).</dd>
          </div>
          <div>
            <dt>Category</dt>
            <dd>The group the skill is listed under on the skills page (its bucket).</dd>
          </div>
          <div>
            <dt>Adjustments</dt>
            <dd>Set a skill&rsquo;s level or category by hand, or hide it, whatever was computed (overrides).</dd>
          </div>
        </dl>
      </div>
      <div className="skills-admin-layout">
        <div className="skills-admin-main">
          <SkillsTabs label="Skills data" tabs={TABS} selected={tab} onSelect={select} idOf={idOf} />
          {TABS.map((t) => (
            // Both panels stay mounted, so switching tabs keeps errors and focus targets.
            <div key={t.id} className="skills-panel" role="tabpanel" id={idOf(t.id).panel} aria-labelledby={idOf(t.id).tab} hidden={t.id !== tab} tabIndex={0}>
              {t.id === 'lexicon' ? <SkillsLexiconPanel /> : <SkillsOverridePanel />}
            </div>
          ))}
        </div>
        <SkillsPreview />
      </div>
    </section>
  )
}
