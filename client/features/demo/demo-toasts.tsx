import type { Toast } from './use-toasts'

/** Toasts (they remove themselves after 2 s). The region is always there, so additions are read out. */
export function DemoToasts({ toasts }: { toasts: readonly Toast[] }) {
  return (
    <div className="demo-toasts" role="status" aria-live="polite">
      {toasts.map((t) => (
        <p key={t.id} className="demo-toast" data-kind={t.kind}>
          {t.text}
        </p>
      ))}
    </div>
  )
}
