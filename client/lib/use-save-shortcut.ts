// Ctrl+S / Cmd+S submits the screen's form, wherever the focus is, instead of saving the page.
import { useEffect, type RefObject } from 'react'

export function useSaveShortcut(form: RefObject<HTMLFormElement | null>) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || e.key.toLowerCase() !== 's') return
      e.preventDefault()
      form.current?.requestSubmit()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [form])
}
