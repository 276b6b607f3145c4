// /admin/resumes (spec sections 2, 8 and 9): generate one-time resume links (copied to the
// clipboard, or shown for copying by hand), the links of the last 7 days, and the resume PDF.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { RESUME_NO_FILE } from '#src/contract/resume'
import { generateResumeLink, resumeFileQuery, resumeLinksQuery } from '#client/features/resumes/api'
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
  // A link with no file behind it would hand the recruiter an error: wait for the PDF.
  const file = useQuery(resumeFileQuery)
  const noFile = file.data?.present === false

  const copy = useCallback(async (url: string) => {
    setNotice(null)
    setNotice((await copyText(url)) ? { kind: 'copied', url } : { kind: 'manual', url })
  }, [])

  const generate = useMutation({
    mutationFn: generateResumeLink,
    onMutate: () => setNotice(null),
    onSuccess: async (signed) => {
      void qc.invalidateQueries({ queryKey: resumeLinksQuery.queryKey })
      void qc.invalidateQueries({ queryKey: resumeFileQuery.queryKey })
      await copy(fullUrl(signed.url))
    },
    onError: (e) => {
      if (isUnauthorized(e)) reportSessionEnded()
      // 409: the file went away meanwhile; the button shows why once the status is fresh.
      void qc.invalidateQueries({ queryKey: resumeFileQuery.queryKey })
      setNotice({ kind: 'error', message: errorMessageOf(e, GENERATE_FAILED) })
    },
  })

  return (
    <section className="screen resumes" aria-labelledby="resumes-title">
      <h1 id="resumes-title">Resumes</h1>
      <section aria-labelledby="resume-links-title">
        <h2 id="resume-links-title">One-time links</h2>
        <p className="help">Each link lets one person download your resume once, within 24 hours.</p>
        <div className="resumes-generate">
          <button
            type="button"
            className="button primary"
            disabled={generate.isPending || !file.data?.present}
            aria-describedby={noFile ? 'resume-generate-reason' : undefined}
            onClick={() => generate.mutate()}
          >
            {generate.isPending ? 'Generating…' : 'Generate link'}
          </button>
          {noFile && (
            <p id="resume-generate-reason" className="resumes-generate-reason">
              {RESUME_NO_FILE} <a href="#resume-file-input">Upload it below.</a>
            </p>
          )}
        </div>
        <ResumesNotice notice={notice} onDismiss={dismiss} />
        <ResumesLinks onCopy={copy} />
      </section>
      <ResumesFile />
    </section>
  )
}
