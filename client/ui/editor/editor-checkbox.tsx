// A labelled checkbox of the editors, for a yes/no form value kept as the text 'true' or 'false'
// (the contract's flag fields read form texts), with its help and error beside it as EditorField.
import type { ReactNode } from 'react'
import { describedByOf, FieldNotes } from './field-notes'

type Props = {
  /** The form's id prefix; the box gets `${form}-${name}`. */
  form: string
  name: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string | undefined
  help?: ReactNode
}

export function EditorCheckbox({ form, name, label, value, onChange, error, help }: Props) {
  const id = `${form}-${name}`
  const describedBy = describedByOf(id, help, error)
  return (
    <div className={`field editor-field editor-check field-${name}`}>
      <div className="editor-check-row">
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={value === 'true'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(String(e.target.checked))}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <FieldNotes id={id} help={help} error={error} />
    </div>
  )
}
