// The Backups screen's "Content files" section: every post and project as markdown files (YAML
// front matter) with their images, in one zip to download, and an import of such a zip, or of a
// zipped Hugo or Astro folder. An import creates new slugs, updates known ones, deletes nothing.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { errorMessageOf, isUnauthorized, reportSessionEnded } from '#client/lib/admin-api'
import { ApiError } from '#client/lib/api'
import { EDITOR_KEYS } from '#client/lib/editor/api'
import { FileDrop } from '#client/ui/file-drop'
import { useToast } from '#client/ui/toast'
import { CONTENT_MAX_BYTES, contentExportUrl, IMPORT_FAILED, importContent, NOT_A_ZIP, problemsOf, TOO_LARGE } from './api'
import { ImportProblems, ImportSummary } from './content-files-result'

/** Checked when chosen or dropped: the server would refuse it anyway. */
const checkZip = (file: File) => (!isZip(file) ? NOT_A_ZIP : file.size > CONTENT_MAX_BYTES ? TOO_LARGE : null)

const isZip = (file: File) => /\.zip$/i.test(file.name) || ['application/zip', 'application/x-zip-compressed'].includes(file.type)

export function ContentFiles() {
  const qc = useQueryClient()
  const notify = useToast()
  const [chosen, setChosen] = useState<File | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)

  const upload = useMutation({
    mutationFn: importContent,
    onMutate: () => setRefusal(null),
    onSuccess: async () => {
      notify('Content imported.', 'success')
      setChosen(null)
      await Promise.all([qc.invalidateQueries({ queryKey: EDITOR_KEYS.posts }), qc.invalidateQueries({ queryKey: EDITOR_KEYS.projects })])
    },
    onError: (e) => {
      if (isUnauthorized(e)) reportSessionEnded()
    },
  })

  function submit(e: FormEvent) {
    e.preventDefault()
    if (!chosen || !isZip(chosen)) return setRefusal(NOT_A_ZIP)
    if (chosen.size > CONTENT_MAX_BYTES) return setRefusal(TOO_LARGE)
    upload.mutate(chosen)
  }

  const failure = upload.error && (upload.error instanceof ApiError && upload.error.status === 413 ? TOO_LARGE : errorMessageOf(upload.error, IMPORT_FAILED))
  return (
    <section className="content-files" aria-labelledby="content-files-title">
      <h2 id="content-files-title">Content files</h2>
      <p className="help">
        Every post and project as a markdown file with YAML front matter, drafts included, with the images they use. Edit them anywhere, keep them in git,
        import them here or with <code>folio import-content &lt;dir&gt;</code>.
      </p>
      <p>
        <a className="button" href={contentExportUrl()} download>
          Download content (zip)
        </a>
      </p>
      <form className="content-files-import" onSubmit={submit} noValidate>
        <FileDrop
          id="content-files-input"
          label="Import content (zip)"
          accept=".zip,application/zip"
          chooseText="Choose a zip"
          help={
            <>
              A zip from Download content, or a zipped Hugo or Astro site (posts; files under a projects folder become projects), at most{' '}
              {CONTENT_MAX_BYTES / 1024 / 1024} MB. Known slugs are updated, new ones created; nothing is deleted. If any file has a problem, nothing is
              imported.
            </>
          }
          file={chosen}
          onChoose={(f) => {
            setChosen(f)
            setRefusal(null)
            upload.reset()
          }}
          check={checkZip}
        />
        <button type="submit" className="button primary" disabled={!chosen || upload.isPending}>
          {upload.isPending ? 'Importing…' : 'Import'}
        </button>
      </form>
      {refusal && <ImportProblems message={refusal} problems={[]} />}
      {failure && <ImportProblems message={failure} problems={problemsOf(upload.error)} />}
      {upload.data && <ImportSummary summary={upload.data} />}
    </section>
  )
}
