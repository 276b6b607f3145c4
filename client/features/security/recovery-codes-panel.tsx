// The ten recovery codes, shown once right after they were made (the server keeps only their
// hashes): a list, Copy, Download as a text file, and Done once they are saved.
import { useEffect, useRef, useState } from 'react'
import { copyText } from '#client/lib/copy-text'

const FILE_NAME = 'folio-recovery-codes.txt'

function download(codes: string[]) {
  const text = `Recovery codes for ${window.location.host}. Each one signs you in once, in place of an authenticator code.\n\n${codes.join('\n')}\n`
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }))
  const link = document.createElement('a')
  link.href = url
  link.download = FILE_NAME
  link.click()
  // Revoked after the click has been handled: revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [status, setStatus] = useState('')
  const heading = useRef<HTMLHeadingElement>(null)

  useEffect(() => heading.current?.focus(), [])

  async function copy() {
    setStatus((await copyText(codes.join('\n'))) ? 'Codes copied to the clipboard.' : 'Unable to copy: select the codes and copy them by hand.')
  }

  return (
    <div className="recovery-codes" aria-labelledby="recovery-codes-title" role="group">
      <h3 id="recovery-codes-title" ref={heading} tabIndex={-1}>
        Your recovery codes
      </h3>
      <p>
        If you lose your phone, each of these codes signs you in once in place of an authenticator code.{' '}
        <strong>Save them somewhere safe now: they will not be shown again.</strong>
      </p>
      <ol className="recovery-codes-list" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="security-actions">
        <button type="button" className="button" onClick={() => void copy()}>
          Copy<span className="visually-hidden"> the recovery codes</span>
        </button>
        <button type="button" className="button" onClick={() => download(codes)}>
          Download<span className="visually-hidden"> the recovery codes as a text file</span>
        </button>
        <button type="button" className="button primary" onClick={onDone}>
          I have saved them
        </button>
      </div>
      <p role="status" className="hint">
        {status}
      </p>
    </div>
  )
}
