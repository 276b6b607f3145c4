// Issue 22: the initials that stand in for a photo the settings do not have.
import { expect, test } from 'bun:test'
import { initialsOf } from '#src/contract/owner/initials'

test.each([
  ['Rowan Castillo', 'RC'],
  ['ada', 'A'],
  ['Jean-Luc de la Croix', 'JC'],
  ['  Émile   Zola ', 'ÉZ'],
  ['😀 Smile', '😀S'],
  ['', '?'],
])('%p gives %p', (name, initials) => {
  expect(initialsOf(name)).toBe(initials)
})
