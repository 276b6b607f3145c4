// The dashboard's notice while the demo seed's items are left: how many, and "Remove sample
// content" (after a confirm), which keeps everything the owner created or edited.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { errorMessageOf, isUnauthorized } from '#client/lib/admin-api'
import { useToast } from '#client/ui/toast'
import { removeSampleContent, SAMPLE_TEXTS, sampleContentKey, sampleContentQuery } from './api'

export function SampleContentNotice() {
  const qc = useQueryClient()
  const toast = useToast()
  const sample = useQuery(sampleContentQuery)
  const [error, setError] = useState<string | null>(null)
  const remove = useMutation({
    mutationFn: removeSampleContent,
    onMutate: () => setError(null),
    onSuccess: ({ removed }) => {
      qc.setQueryData(sampleContentKey, { items: 0 })
      // The persona's untouched settings went blank with it, and the content lists changed: each
      // screen reloads its data when it opens next.
      void qc.invalidateQueries({ queryKey: ['admin'], predicate: (q) => q.queryKey[1] !== sampleContentKey[1], refetchType: 'none' })
      toast(SAMPLE_TEXTS.removed(removed), 'success')
    },
    onError: (e) => {
      if (!isUnauthorized(e)) setError(errorMessageOf(e, SAMPLE_TEXTS.failed))
    },
  })

  const items = sample.data?.items ?? 0
  if (items === 0) return null
  const ask = () => {
    if (!remove.isPending && window.confirm(SAMPLE_TEXTS.confirm(items))) remove.mutate()
  }
  return (
    <section className="sample-notice" aria-labelledby="sample-notice-title">
      <div className="sample-notice-text">
        <h2 id="sample-notice-title">{SAMPLE_TEXTS.title}</h2>
        <p>{SAMPLE_TEXTS.line(items)}</p>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="button" className="button danger" aria-disabled={remove.isPending || undefined} onClick={ask}>
        {remove.isPending ? SAMPLE_TEXTS.removing : SAMPLE_TEXTS.remove}
      </button>
    </section>
  )
}
