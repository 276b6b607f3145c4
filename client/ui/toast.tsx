// Toasts announced to screen readers (aria-live), hidden after a few seconds.
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react'

export type ToastKind = 'info' | 'success' | 'error'
type Toast = { id: number; message: string; kind: ToastKind }
type Notify = (message: string, kind?: ToastKind, ms?: number) => void

const ToastContext = createContext<Notify>(() => {})
export const useToast = () => useContext(ToastContext)

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const next = useRef(0)
  const notify = useCallback<Notify>((message, kind = 'info', ms = 5000) => {
    const id = ++next.current
    setToasts((t) => [...t, { id, message, kind }])
    setTimeout(() => setToasts((t) => t.filter((x) => x.id !== id)), ms)
  }, [])
  return (
    <ToastContext.Provider value={notify}>
      {children}
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((t) => (
          <p key={t.id} className={`toast ${t.kind}`}>
            {t.message}
          </p>
        ))}
      </div>
    </ToastContext.Provider>
  )
}
