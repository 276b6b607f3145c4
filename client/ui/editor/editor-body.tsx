// The markdown body of the post and project editors (issue 20): the writing room. Images go in by
// the Insert image button, paste or drop; Tab indents inside ``` code (Escape, then Tab, moves
// on); the preview beside it (below on phones) follows its scroll position.
import { useRef, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent } from 'react'
import { IMAGE_TYPES } from '#client/lib/editor/api'
import { insideCodeFence, syncedScrollTop } from '#client/lib/editor/markdown-edit'
import { AltTextDialog } from './alt-text-dialog'
import { EditorPreview } from './editor-preview'
import { describedByOf, FieldNotes } from './field-notes'
import { useImageInsert } from './use-image-insert'

type Props = {
  form: 'post' | 'project'
  value: string
  onChange: (next: string | ((previous: string) => string)) => void
  error?: string | undefined
}

const HELP = 'Markdown, at least 20 characters.'
const filesOf = (list: FileList | null | undefined) => Array.from(list ?? [])

export function EditorBody({ form, value, onChange, error }: Props) {
  const id = `${form}-bodyMD`
  const textarea = useRef<HTMLTextAreaElement>(null)
  const preview = useRef<HTMLElement>(null)
  const picker = useRef<HTMLInputElement>(null)
  const escaped = useRef(false)
  const [dropping, setDropping] = useState(false)
  const images = useImageInsert(textarea, (next) => onChange(next))
  const describedBy = [describedByOf(id, HELP, error), `${id}-keys`, images.error ? `${id}-upload-error` : ''].filter(Boolean).join(' ')

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Escape') {
      escaped.current = true
      return
    }
    const plainTab = e.key === 'Tab' && !e.shiftKey && !e.ctrlKey && !e.altKey && !e.metaKey
    if (plainTab && !escaped.current && insideCodeFence(e.currentTarget.value, e.currentTarget.selectionStart)) {
      e.preventDefault()
      // insertText keeps the browser's undo history; the fallback edits the value directly.
      if (!document.execCommand?.('insertText', false, '  ')) {
        const { selectionStart: start, selectionEnd: end } = e.currentTarget
        onChange((text) => text.slice(0, start) + '  ' + text.slice(end))
      }
    }
    escaped.current = false
  }

  function onPaste(e: ClipboardEvent<HTMLTextAreaElement>) {
    const files = filesOf(e.clipboardData?.files)
    if (files.length === 0) return
    e.preventDefault()
    void images.add(files)
  }

  function onDrop(e: DragEvent<HTMLTextAreaElement>) {
    setDropping(false)
    const files = filesOf(e.dataTransfer?.files)
    if (files.length === 0) return
    e.preventDefault()
    void images.add(files)
  }

  function syncScroll() {
    const from = textarea.current
    const to = preview.current
    if (from && to) to.scrollTop = syncedScrollTop(from, to)
  }

  return (
    <div className="editor-body">
      <div className={`field editor-field field-bodyMD${dropping ? ' dropping' : ''}`}>
        <div className="editor-body-head">
          <label htmlFor={id}>
            Body<span aria-hidden="true"> *</span>
          </label>
          <button type="button" className="button small" aria-disabled={images.uploading || undefined} onClick={() => !images.uploading && picker.current?.click()}>
            Insert image
          </button>
          <input
            ref={picker}
            type="file"
            accept={IMAGE_TYPES}
            multiple
            hidden
            aria-label="Insert image"
            onChange={(e) => {
              const files = filesOf(e.target.files)
              e.target.value = ''
              if (files.length) void images.add(files)
            }}
          />
        </div>
        <textarea
          ref={textarea}
          id={id}
          name="bodyMD"
          className="code-input"
          rows={18}
          required
          spellCheck={false}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onScroll={syncScroll}
          onDragOver={(e) => {
            if (!e.dataTransfer.types.includes('Files')) return
            e.preventDefault()
            setDropping(true)
          }}
          onDragLeave={() => setDropping(false)}
          onDrop={onDrop}
        />
        <FieldNotes id={id} help={HELP} error={error} />
        <p className="help" id={`${id}-keys`}>
          Paste or drop images here. Tab indents inside ``` code blocks (Escape, then Tab, moves on); Ctrl+S or ⌘S saves.
        </p>
        <p className="editor-status" role="status">
          {images.status}
        </p>
        {images.error && (
          <p className="field-error" id={`${id}-upload-error`} role="alert">
            {images.error}
          </p>
        )}
      </div>
      <EditorPreview markdown={value} scrollRef={preview} />
      <AltTextDialog request={images.request} />
    </div>
  )
}
