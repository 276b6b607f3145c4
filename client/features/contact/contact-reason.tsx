const REASONS = [
  ['general', 'General'],
  ['resume', 'Resume'],
  ['collaboration', 'Collaboration'],
] as const

type Props = { id: string; value: string; onChange: (value: string) => void; error: string | undefined }

/**
 * The Reason radios of spec section 2, with their message. NOTE: each label's text is one
 * string: React renders adjacent text children with a comment between them, which Preact's
 * hydration does not expect.
 */
export function ContactReason({ id, value, onChange, error }: Props) {
  const errorId = `${id}-error`
  return (
    <fieldset className="field reason">
      <legend>Reason</legend>
      <div className="radios">
        {REASONS.map(([reason, label]) => (
          <label key={reason} className="radio">
            <input
              type="radio"
              name="reason"
              value={reason}
              checked={value === reason}
              onChange={() => onChange(reason)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            {` ${label}`}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  )
}
