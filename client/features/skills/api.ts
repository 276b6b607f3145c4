// Skills screen data: query keys and calls of the /admin/skills rows of the contract, plus the
// public skills preview. Every call reports a 401 (withSession), so the guard can send the admin
// to login.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import * as adminPaths from '#src/contract/admin-paths'
import * as apiPaths from '#src/contract/api-paths'
import type { ItemList, OkBody } from '#src/contract/errors'
import type { LexiconCreateInput, LexiconItem, OverrideInput, SkillList, SkillOverride } from '#src/contract/skill'
import { adminApi, withSession } from '#client/lib/admin-api'

export const SKILLS_KEYS = {
  lexicon: ['admin', 'skills', 'lexicon'] as const,
  overrides: ['admin', 'skills', 'overrides'] as const,
  preview: ['admin', 'skills', 'preview'] as const,
}

export const SKILLS_ERRORS = {
  load: 'Failed to load skills admin data',
  add: 'Failed to add lexicon item',
  save: 'Failed to save changes',
  delete: 'Failed to delete',
  reorder: 'Failed to reorder skills',
  saveOverride: 'Failed to save override',
  deleteOverride: 'Failed to delete override',
} as const

export const skillsCalls = {
  lexicon: () => withSession(adminApi.get<ItemList<LexiconItem>>(adminPaths.lexicon)),
  createLexicon: (body: LexiconCreateInput) => withSession(adminApi.post<{ item: LexiconItem }>(adminPaths.lexicon, body)),
  updateLexicon: (id: string, body: LexiconCreateInput) => withSession(adminApi.put<{ item: LexiconItem }>(adminPaths.lexiconItem(id), body)),
  deleteLexicon: (id: string) => withSession(adminApi.del<OkBody>(adminPaths.lexiconItem(id))),
  reorderLexicon: (ids: string[]) => withSession(adminApi.post<OkBody>(adminPaths.reorderLexicon, { ids })),
  overrides: () => withSession(adminApi.get<ItemList<SkillOverride>>(adminPaths.overrides)),
  putOverride: (name: string, body: OverrideInput) => withSession(adminApi.put<{ item: SkillOverride }>(adminPaths.override(name), body)),
  deleteOverride: (name: string) => withSession(adminApi.del<OkBody>(adminPaths.override(name))),
  preview: () => withSession(adminApi.get<SkillList>(apiPaths.skills, { query: { includeCounts: 1 } })),
}

export const useLexicon = () => useQuery({ queryKey: SKILLS_KEYS.lexicon, queryFn: skillsCalls.lexicon })
export const useOverrides = () => useQuery({ queryKey: SKILLS_KEYS.overrides, queryFn: skillsCalls.overrides })
export const useSkillsPreview = () => useQuery({ queryKey: SKILLS_KEYS.preview, queryFn: skillsCalls.preview })

/** After a successful write: the list written to and the public preview load again. */
export function useSkillsRefresh() {
  const qc = useQueryClient()
  return useCallback(
    (list: 'lexicon' | 'overrides') =>
      Promise.all([qc.invalidateQueries({ queryKey: SKILLS_KEYS[list] }), qc.invalidateQueries({ queryKey: SKILLS_KEYS.preview })]),
    [qc],
  )
}

/** Replaces the cached lexicon (optimistic reorder, a new or saved row) without a round trip. */
export function useSetLexicon() {
  const qc = useQueryClient()
  return useCallback(
    (update: (items: LexiconItem[]) => LexiconItem[]) =>
      qc.setQueryData<ItemList<LexiconItem>>(SKILLS_KEYS.lexicon, (old) => ({ items: update(old?.items ?? []) })),
    [qc],
  )
}

export function useSetOverrides() {
  const qc = useQueryClient()
  return useCallback(
    (update: (items: SkillOverride[]) => SkillOverride[]) =>
      qc.setQueryData<ItemList<SkillOverride>>(SKILLS_KEYS.overrides, (old) => ({ items: update(old?.items ?? []) })),
    [qc],
  )
}
