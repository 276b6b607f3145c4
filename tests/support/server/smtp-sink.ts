// A real SMTP server on a loopback port (smtp-server), standing in for the owner's mail provider:
// it records every email it accepts, with its envelope, login, headers and decoded text.
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = {
  /** The login the client used (smtp-server checked it against the sink's user and password). */
  user: string
  envelopeTo: string[]
  /** Header names in lower case, folded lines joined, encoded words decoded. */
  headers: Record<string, string>
  /** The text body, its transfer encoding undone. */
  text: string
}

export type SmtpSink = {
  port: number
  /** SMTP_URL for this sink, with its user and password percent-encoded. */
  url: string
  mails: ReceivedMail[]
  close(): Promise<void>
}

export const SMTP_USER = 'folio@example.com'
export const SMTP_PASSWORD = 'p@ss:word/with?odd#chars'

/** SMTP_URL of a sink on `port` (one may be told where to send before the sink listens). */
export const smtpUrlFor = (port: number) => `smtp://${encodeURIComponent(SMTP_USER)}:${encodeURIComponent(SMTP_PASSWORD)}@127.0.0.1:${port}`

const decodeQp = (s: string) => {
  const bytes: number[] = []
  const flat = s.replace(/=\r?\n/g, '')
  for (let i = 0; i < flat.length; i++) {
    if (flat[i] === '=' && /^[0-9A-F]{2}$/i.test(flat.slice(i + 1, i + 3))) {
      bytes.push(parseInt(flat.slice(i + 1, i + 3), 16))
      i += 2
    } else bytes.push(...new TextEncoder().encode(flat[i]!))
  }
  return new TextDecoder().decode(new Uint8Array(bytes))
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=), as nodemailer writes non-ASCII headers. */
const decodeWords = (s: string) =>
  s.replace(/=\?utf-8\?([QB])\?([^?]*)\?=(?:\s+(?==\?utf-8\?))?/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQp(text.replace(/_/g, ' ')),
  )

export function parseMail(raw: string): Pick<ReceivedMail, 'headers' | 'text'> {
  const split = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ')
  const headers: Record<string, string> = {}
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim())
  }
  const body = raw.slice(split + 4)
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase()
  const text = encoding === 'quoted-printable' ? decodeQp(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body
  return { headers, text: text.replace(/\r\n/g, '\n').replace(/\n$/, '') }
}

/** `port` 0 picks a free one; give a port to listen where a server was told to send earlier. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const mails: ReceivedMail[] = []
  const server = new SMTPServer({
    logger: false,
    // NOTE: a loopback test needs no TLS: without STARTTLS offered, nodemailer sends in plain text.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, done) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) return done(null, { user: auth.username })
      done(new Error('Invalid username or password'))
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        mails.push({ user: String(session.user ?? ''), envelopeTo: session.envelope.rcptTo.map((r) => r.address), ...parseMail(Buffer.concat(chunks).toString('utf8')) })
        done()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const bound = (server.server.address() as { port: number }).port
  return {
    port: bound,
    url: smtpUrlFor(bound),
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
