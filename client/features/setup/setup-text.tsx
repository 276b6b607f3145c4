// A contract text with `commands` in backticks, shown with each command as code. A command wraps
// only between its words, never at the hyphens of `set-password` or `--email`.
import { Fragment } from 'react'

export function SetupText({ text }: { text: string }) {
  return (
    <>
      {text.split('`').map((part, i) =>
        i % 2 ? (
          <code key={i}>
            {part.split(' ').map((word, j) => (
              <Fragment key={j}>
                {j > 0 && ' '}
                <span className="code-word">{word}</span>
              </Fragment>
            ))}
          </code>
        ) : (
          part
        ),
      )}
    </>
  )
}
