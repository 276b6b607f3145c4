// The settings form's behaviour: values against the last saved settings, a save that sends only
// what changed (checked by the contract first, then by the server), where each error shows,
// Ctrl/Cmd+S, and a warning before leaving with unsaved changes.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { ApiErrorBody } from '#src/contract/errors'
import type { LinkKey } from '#src/contract/owner/social-links'
import { ApiError, errorText, serverMessage } from '#client/lib/api'
import { isUnauthorized } from '#client/lib/admin-api'
import type { Failure } from '#client/lib/editor/editor-form'
import { useToast } from '#client/ui/toast'
import { saveSettings, SETTINGS_TEXTS, settingsKey, type Settings } from './api'
import { checkPatch, isEmptyPatch, patchOf, splitDetails, valuesOf, type FieldKey, type SettingsErrors, type SettingsValues } from './settings-values'
import { useSaveShortcut } from '#client/lib/use-save-shortcut'

/** A failed save: the field messages, and the alert for the rest. */
function failedSave(e: unknown): { fields: SettingsErrors; failure: Failure } {
  if (!(e instanceof ApiError) || e.status >= 500) return { fields: {}, failure: { title: SETTINGS_TEXTS.saveFailed, lines: [errorText(e)] } }
  const body = ApiErrorBody.safeParse(e.body)
  const { fields, rest } = splitDetails(body.success ? (body.data.details ?? []) : [])
  const lines = [serverMessage(e.body) ?? errorText(e), ...rest]
  return { fields, failure: { title: SETTINGS_TEXTS.saveFailed, lines: [...new Set(lines)] } }
}

export function useSettingsForm(initial: Settings) {
  const qc = useQueryClient()
  const toast = useToast()
  const form = useRef<HTMLFormElement>(null)
  const [saved, setSaved] = useState(initial)
  const [values, setValues] = useState(() => valuesOf(initial))
  const [errors, setErrors] = useState<SettingsErrors>({})
  const [failure, setFailure] = useState<Failure | null>(null)
  const [focusTick, setFocusTick] = useState(0)
  const sent = useRef<SettingsValues | null>(null)
  const patch = useMemo(() => patchOf(saved, values), [saved, values])
  const dirty = !isEmptyPatch(patch)

  useEffect(() => {
    if (focusTick) form.current?.querySelector<HTMLElement>('[aria-invalid="true"], .form-error')?.focus()
  }, [focusTick])

  const save = useMutation({
    mutationFn: saveSettings,
    onSuccess: (next) => {
      qc.setQueryData(settingsKey, next)
      setSaved(next)
      // The server's cleaned values replace the typed ones, unless typing went on meanwhile.
      setValues((current) => (current === sent.current ? valuesOf(next) : current))
      toast(SETTINGS_TEXTS.saved, 'success')
    },
    onError: (e) => {
      if (isUnauthorized(e)) return
      const { fields, failure } = failedSave(e)
      setErrors(fields)
      setFailure(failure)
      setFocusTick((n) => n + 1)
    },
  })

  function clear(field: FieldKey) {
    setErrors((current) => {
      if (!(field in current)) return current
      const next = { ...current }
      delete next[field]
      return next
    })
  }
  function set<K extends keyof SettingsValues>(key: K, value: SettingsValues[K]) {
    setValues((v) => ({ ...v, [key]: value }))
    clear(key as FieldKey)
  }
  const setLink = (key: LinkKey, value: string) => {
    setValues((v) => ({ ...v, links: { ...v.links, [key]: value } }))
    clear(`links.${key}`)
  }
  const setIntro = (key: keyof SettingsValues['intros'], value: string) => {
    setValues((v) => ({ ...v, intros: { ...v.intros, [key]: value } }))
    clear(`intros.${key}`)
  }

  function submit(e?: FormEvent) {
    e?.preventDefault()
    if (save.isPending) return
    setFailure(null)
    if (!dirty) return toast(SETTINGS_TEXTS.nothingChanged, 'info')
    const invalid = checkPatch(patch)
    setErrors(invalid)
    if (Object.keys(invalid).length) return setFocusTick((n) => n + 1)
    sent.current = values
    save.mutate(patch)
  }

  useSaveShortcut(form)

  useEffect(() => {
    if (!dirty) return
    const onLeave = (e: BeforeUnloadEvent) => e.preventDefault()
    window.addEventListener('beforeunload', onLeave)
    return () => window.removeEventListener('beforeunload', onLeave)
  }, [dirty])

  return { form, values, errors, failure, dirty, saving: save.isPending, set, setLink, setIntro, submit }
}

export type SettingsFormState = ReturnType<typeof useSettingsForm>
