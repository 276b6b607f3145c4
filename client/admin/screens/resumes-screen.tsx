// /admin/resumes (spec sections 2, 8 and 9): generate one-time resume links (copied to the
// clipboard, or shown for copying by hand), the links of the last 7 days, and the resume PDF.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { generateResumeLink, resumeLinksQuery } from '#client/features/resumes/api'
import { fullUrl, GENERATE_FAILED, type ResumeNotice } from '#client/features/resumes/resumes-copy'
import { ResumesFile } from '#client/features/resumes/resumes-file'
import { ResumesLinks } from '#client/features/resumes/resumes-links'
import { ResumesNotice } from '#client/features/resumes/resumes-notice'
import { errorMessageOf, isUnauthorized, reportSessionEnded } from '#client/lib/admin-api'
import { copyText } from '#client/lib/copy-text'

export function ResumesScreen() {
  const qc = useQueryClient()
  const [notice, setNotice] = useState<ResumeNotice | null>(null)
  const dismiss = useCallback(() => setNotice(null), [])

  const copy = useCallback(async (url: string) => {
    setNotice(null)
    setNotice((await copyText(url)) ? { kind: 'copied', url } : { kind: 'manual', url })
  }, [])

  const generate = useMutation({
    mutationFn: generateResumeLink,
    onMutate: () => setNotice(null),
    onSuccess: async (signed) => {
      void qc.invalidateQueries({ queryKey: resumeLinksQuery.queryKey })
      await copy(fullUrl(signed.url))
    },
    onError: (e) => {
      if (isUnauthorized(e)) reportSessionEnded()
      setNotice({ kind: 'error', message: errorMessageOf(e, GENERATE_FAILED) })
    },
  })

  return (
    <section className="screen resumes" aria-labelledby="resumes-title">
      <h1 id="resumes-title">Resumes</h1>
      <section aria-labelledby="resume-links-title">
        <h2 id="resume-links-title">One-time links</h2>
        <p className="help">Each link lets one person download your resume once, within 24 hours.</p>
        <button type="button" className="button primary" disabled={generate.isPending} onClick={() => generate.mutate()}>
          {generate.isPending ? 'Generating…' : 'Generate link'}
        </button>
        <ResumesNotice notice={notice} onDismiss={dismiss} />
        <ResumesLinks onCopy={copy} />
      </section>
      <ResumesFile />
    </section>
  )
}
