// The editors' buttons: Save, Discard changes (when there are some) and Delete (edit mode).
// NOTE: busy buttons use aria-disabled, not disabled: disabling a focused button drops focus.

type Props = {
  editing: boolean
  dirty: boolean
  saving: boolean
  deleting: boolean
  onDiscard: () => void
  onDelete: () => void
}

export function EditorActions({ editing, dirty, saving, deleting, onDiscard, onDelete }: Props) {
  return (
    <div className="editor-actions">
      <button type="submit" className="button primary" aria-disabled={saving || undefined}>
        {saving ? 'Saving…' : 'Save'}
      </button>
      {dirty && (
        <button type="button" className="button" onClick={onDiscard}>
          Discard changes
        </button>
      )}
      {editing && (
        <button type="button" className="button danger" aria-disabled={deleting || undefined} onClick={onDelete}>
          {deleting ? 'Deleting…' : 'Delete'}
        </button>
      )}
      {dirty && <p className="help editor-dirty">Unsaved changes are kept in this tab until you save.</p>}
    </div>
  )
}
