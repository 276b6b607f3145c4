// Images into a markdown body (issue 20): each file is described (alt text), shown as a placeholder
// at the cursor while it uploads, then replaced by its markdown; a failure removes the placeholder
// and says why (the server's own words for a wrong type or size).
import { useState, type RefObject } from 'react'
import { isUnauthorized, reportSessionEnded } from '#client/lib/admin-api'
import { uploadImage } from '#client/lib/editor/api'
import { altFromFileName, imageBlock, imageMarkdown, uploadingPlaceholder } from '#client/lib/editor/markdown-edit'
import type { AltRequest } from './alt-text-dialog'

type Update = (next: (previous: string) => string) => void

export function useImageInsert(textarea: RefObject<HTMLTextAreaElement | null>, update: Update) {
  const [request, setRequest] = useState<AltRequest | null>(null)
  const [status, setStatus] = useState('')
  const [error, setError] = useState<string | null>(null)

  const ask = (file: File) =>
    new Promise<string | null>((resolve) => {
      setRequest({
        fileName: file.name,
        suggested: altFromFileName(file.name),
        answer: (alt) => {
          setRequest(null)
          resolve(alt)
        },
      })
    })

  const addOne = async (file: File) => {
    const box = textarea.current
    const start = box?.selectionStart ?? Number.MAX_SAFE_INTEGER
    const end = box?.selectionEnd ?? start
    const alt = await ask(file)
    box?.focus()
    if (alt === null) return
    const placeholder = uploadingPlaceholder(file.name)
    let block = placeholder
    update((text) => {
      const from = Math.min(start, text.length)
      const to = Math.min(Math.max(end, from), text.length)
      block = imageBlock(text, from, to, placeholder)
      const next = text.slice(0, from) + block + text.slice(to)
      requestAnimationFrame(() => box?.setSelectionRange(from + block.length, from + block.length))
      return next
    })
    setStatus(`Uploading ${file.name}…`)
    try {
      const url = await uploadImage(file)
      update((text) => text.replace(placeholder, imageMarkdown(alt, url)))
      setStatus(`Image ${file.name} inserted.`)
    } catch (e) {
      update((text) => (text.includes(block) ? text.replace(block, '') : text.replace(placeholder, '')))
      setStatus('')
      if (isUnauthorized(e)) return reportSessionEnded()
      setError(`Image not inserted (${file.name}): ${e instanceof Error ? e.message : 'Upload failed'}`)
    }
  }

  /** One dialog and upload after another, in the order the files came. */
  const add = async (files: readonly File[]) => {
    setError(null)
    for (const file of files) await addOne(file)
  }

  return { add, request, status, error, uploading: status.startsWith('Uploading') }
}
