// /admin/resumes (spec sections 2, 8 and 9): generate one-time resume links (copied to the
// clipboard, or shown for copying by hand), the links of the last 7 days, and the resume PDF.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import * as adminPaths from '#src/contract/admin-paths'
import type { SignedResumeUrl } from '#src/contract/resume'
import { adminApi, isUnauthorized, reportSessionEnded } from '../api'
import { copyText, fullUrl, GENERATE_FAILED, type ResumeNotice } from '../components/resumes-copy'
import { ResumesFile } from '../components/resumes-file'
import { resumeLinksQuery, ResumesLinks } from '../components/resumes-links'
import { ResumesNotice } from '../components/resumes-notice'
import { errorMessageOf } from '../errors'

export function ResumesScreen() {
  const qc = useQueryClient()
  const [notice, setNotice] = useState<ResumeNotice | null>(null)
  const dismiss = useCallback(() => setNotice(null), [])

  const copy = useCallback(async (url: string) => {
    setNotice(null)
    setNotice((await copyText(url)) ? { kind: 'copied', url } : { kind: 'manual', url })
  }, [])

  const generate = useMutation({
    mutationFn: () => adminApi.post<SignedResumeUrl>(adminPaths.resumeSignUrl),
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
