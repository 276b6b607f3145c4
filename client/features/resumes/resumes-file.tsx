// The resume PDF that one-time links hand out: whether there is one (uploaded, or RESUME_FILE on
// the server), upload or replace it, remove the uploaded one. An uploaded file wins.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, type FormEvent } from 'react'
import { errorMessageOf, isUnauthorized, reportSessionEnded } from '#client/lib/admin-api'
import { ApiError } from '#client/lib/api'
import { formatDateTime } from '#client/lib/format-date'
import { FileDrop } from '#client/ui/file-drop'
import { useToast } from '#client/ui/toast'
import { removeResume, RESUME_MAX_BYTES, resumeFileQuery, uploadResume, type ResumeFileStatus } from './api'

export const TOO_LARGE = 'The file is too large (max 10 MB).'
export const NOT_A_PDF = 'Choose a PDF file.'

/** Checked when chosen or dropped: the server would refuse it anyway. */
export function checkPdf(file: File): string | null {
  const pdf = file.type === 'application/pdf' || (!file.type && /\.pdf$/i.test(file.name))
  if (!pdf) return NOT_A_PDF
  return file.size > RESUME_MAX_BYTES ? TOO_LARGE : null
}

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`

function describe(file: ResumeFileStatus): string {
  if (!file.present) return 'No resume PDF yet: one-time links cannot deliver anything until you upload one.'
  const facts = [file.size === undefined ? null : kb(file.size), file.uploadedAt ? `uploaded ${formatDateTime(file.uploadedAt)}` : null].filter(Boolean)
  const size = facts.length ? ` (${facts.join(', ')})` : ''
  return file.source === 'upload' ? `An uploaded PDF is in use${size}.` : `The PDF set by RESUME_FILE on the server is in use${size}.`
}

export function ResumesFile() {
  const qc = useQueryClient()
  const notify = useToast()
  const [chosen, setChosen] = useState<File | null>(null)
  const [error, setError] = useState<string | null>(null)
  const status = useQuery(resumeFileQuery)

  const onFailure = (e: unknown, fallback: string) => {
    if (isUnauthorized(e)) reportSessionEnded()
    setError(e instanceof ApiError && e.status === 413 ? TOO_LARGE : errorMessageOf(e, fallback))
  }
  const saved = (message: string) => (data: ResumeFileStatus) => {
    qc.setQueryData(resumeFileQuery.queryKey, data)
    setError(null)
    notify(message, 'success')
  }
  const upload = useMutation({
    mutationFn: uploadResume,
    onSuccess: (data) => {
      saved('Resume uploaded.')(data)
      setChosen(null)
    },
    onError: (e) => onFailure(e, 'Failed to upload the resume.'),
  })
  const remove = useMutation({
    mutationFn: removeResume,
    onSuccess: saved('Uploaded resume removed.'),
    onError: (e) => onFailure(e, 'Failed to delete'),
  })

  useEffect(() => {
    if (isUnauthorized(status.error)) reportSessionEnded()
  }, [status.error])

  function submit(e: FormEvent) {
    e.preventDefault()
    if (!chosen) return setError(NOT_A_PDF)
    setError(null)
    upload.mutate(chosen)
  }

  const file = status.data
  return (
    <section className="resumes-file" aria-labelledby="resume-file-title">
      <h2 id="resume-file-title">Resume file</h2>
      {status.isPending && <p role="status">Loading…</p>}
      {status.isError && (
        <p className="form-error" role="alert">
          {errorMessageOf(status.error, 'Unable to load the resume file status.')}
        </p>
      )}
      {file && <p className="resumes-file-status">{describe(file)}</p>}
      <form className="resumes-upload" onSubmit={submit} noValidate>
        <FileDrop
          id="resume-file-input"
          label={file?.source === 'upload' ? 'Replace the PDF' : 'Upload a PDF'}
          accept="application/pdf,.pdf"
          chooseText="Choose a PDF"
          help="PDF only, at most 10 MB. An uploaded file is used instead of RESUME_FILE."
          file={chosen}
          onChoose={(f) => {
            setChosen(f)
            setError(null)
          }}
          check={checkPdf}
          error={error}
        />
        <button type="submit" className="button primary" disabled={!chosen || upload.isPending}>
          {upload.isPending ? 'Uploading…' : 'Upload'}
        </button>
        {file?.source === 'upload' && (
          <button
            type="button"
            className="button danger"
            disabled={remove.isPending}
            onClick={() => window.confirm('Remove the uploaded resume PDF?') && remove.mutate()}
          >
            Remove uploaded file
          </button>
        )}
      </form>
    </section>
  )
}
