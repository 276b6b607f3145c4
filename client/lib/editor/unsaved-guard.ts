// The admin's unsaved-changes guard: an editor with changes registers here, and every in-app
// navigation (wouter links, list clicks, New) asks before leaving it, as the admin's other
// confirmations do (window.confirm). Closing or reloading the tab asks through beforeunload.
import type { AroundNavHandler } from 'wouter'

export const DISCARD_CHANGES = 'Discard unsaved changes?'

type Guard = { dirty: () => boolean; discard: () => void }
let current: Guard | null = null

/** Registers the editor's changes; returns the unregister function. */
export function holdUnsaved(guard: Guard): () => void {
  current = guard
  return () => {
    if (current === guard) current = null
  }
}

/** True when leaving may go on: nothing unsaved, or the owner chose to discard it. */
export function confirmLeave(): boolean {
  if (!current?.dirty()) return true
  if (!window.confirm(DISCARD_CHANGES)) return false
  current.discard()
  current = null
  return true
}

/**
 * The admin router's aroundNav: every navigation asks first. NOTE: a redirect to the login page
 * (the session ended) never asks: the draft is kept in sessionStorage for after the sign-in.
 */
export const guardNavigation: AroundNavHandler = (navigate, to, options) => {
  if (!/\/login(\?|$)/.test(String(to)) && !confirmLeave()) return
  navigate(to, options)
}
