// A software WebAuthn authenticator, so API tests can register and sign in with a passkey without
// a browser: it answers the options from @simplewebauthn/server the way a platform authenticator
// would (ES256 key, attestation 'none', discoverable credential).
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { cose, isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers'

type Credential = { id: string; privateKey: CryptoKey; rpId: string; userHandle: string; counter: number }
/** `userVerified: false` answers as a key without a PIN or biometric would (the UV flag off). */
type Overrides = { origin?: string; challenge?: string; userVerified?: boolean }

// Authenticator data flags (WebAuthn §6.1): user present, user verified, attested credential data.
const UP = 0x01
const UV = 0x04
const AT = 0x40

const sha256 = async (data: Uint8Array<ArrayBuffer>) => new Uint8Array(await crypto.subtle.digest('SHA-256', data))

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

function uint32(n: number): Uint8Array {
  const out = new Uint8Array(4)
  new DataView(out.buffer).setUint32(0, n)
  return out
}

/** One DER INTEGER: leading zeros stripped, and a 0x00 added back when the high bit would make it negative. */
function derInteger(bytes: Uint8Array): Uint8Array {
  let start = 0
  while (start < bytes.length - 1 && bytes[start] === 0) start++
  const body = bytes.subarray(start)
  const padded = (body[0] ?? 0) & 0x80 ? concat(new Uint8Array([0]), body) : body
  return concat(new Uint8Array([0x02, padded.length]), padded)
}

/** WebCrypto signs ECDSA as raw r||s, but WebAuthn carries the ASN.1 DER SEQUENCE { r, s }. */
function rawToDer(raw: Uint8Array): Uint8Array<ArrayBuffer> {
  const body = concat(derInteger(raw.subarray(0, 32)), derInteger(raw.subarray(32)))
  return concat(new Uint8Array([0x30, body.length]), body)
}

export class SoftAuthenticator {
  private readonly origin: string
  private readonly credentials: Credential[] = []

  constructor(opts: { origin?: string } = {}) {
    this.origin = opts.origin ?? 'http://localhost:4000'
  }

  /** The ids (base64url) of the credentials it holds. */
  get credentialIds(): string[] {
    return this.credentials.map((c) => c.id)
  }

  /** Answers navigator.credentials.create(): a new ES256 discoverable credential, attestation 'none'. */
  async register(options: PublicKeyCredentialCreationOptionsJSON, overrides: Overrides = {}): Promise<RegistrationResponseJSON> {
    const rpId = options.rp.id
    if (!rpId) throw new Error('SoftAuthenticator.register: options.rp.id is required')
    const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])
    // Raw export is 0x04 | x (32) | y (32).
    const point = new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey))
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [cose.COSEKEYS.kty, cose.COSEKTY.EC2],
        [cose.COSEKEYS.alg, cose.COSEALG.ES256],
        [cose.COSEKEYS.crv, cose.COSECRV.P256],
        [cose.COSEKEYS.x, point.slice(1, 33)],
        [cose.COSEKEYS.y, point.slice(33, 65)],
      ]),
    )
    const rawId = crypto.getRandomValues(new Uint8Array(32))
    const credentialIdLength = new Uint8Array([rawId.length >> 8, rawId.length & 0xff])
    const aaguid = new Uint8Array(16)
    const authData = concat(await sha256(new TextEncoder().encode(rpId)), new Uint8Array([UP | (overrides.userVerified === false ? 0 : UV) | AT]), uint32(0), aaguid, credentialIdLength, rawId, coseKey)
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, never>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', authData],
      ]),
    )
    const id = isoBase64URL.fromBuffer(rawId)
    this.credentials.push({ id, privateKey: keys.privateKey, rpId, userHandle: options.user.id, counter: 0 })
    return {
      id,
      rawId: id,
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(this.clientData('webauthn.create', options.challenge, overrides)),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal'],
      },
    }
  }

  /** Answers navigator.credentials.get(): an assertion by a held credential, its counter one higher each time. */
  async authenticate(options: PublicKeyCredentialRequestOptionsJSON, overrides: Overrides & { credentialId?: string } = {}): Promise<AuthenticationResponseJSON> {
    const credential = this.pick(options, overrides.credentialId)
    credential.counter += 1
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, overrides)
    const rpId = options.rpId ?? credential.rpId
    const authenticatorData = concat(await sha256(new TextEncoder().encode(rpId)), new Uint8Array([UP | (overrides.userVerified === false ? 0 : UV)]), uint32(credential.counter))
    const signed = concat(authenticatorData, await sha256(clientDataJSON))
    const raw = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, credential.privateKey, signed))
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
        authenticatorData: isoBase64URL.fromBuffer(authenticatorData),
        signature: isoBase64URL.fromBuffer(rawToDer(raw)),
        userHandle: credential.userHandle,
      },
    }
  }

  /** The credential a browser would offer: the one asked for, else one allowed, else one for the RP. */
  private pick(options: PublicKeyCredentialRequestOptionsJSON, credentialId: string | undefined): Credential {
    const allowed = options.allowCredentials?.map((c) => c.id) ?? []
    const found = credentialId
      ? this.credentials.find((c) => c.id === credentialId)
      : allowed.length > 0
        ? this.credentials.find((c) => allowed.includes(c.id))
        : this.credentials.find((c) => options.rpId === undefined || c.rpId === options.rpId)
    if (!found) throw new Error('SoftAuthenticator.authenticate: no matching credential')
    return found
  }

  /** The clientDataJSON bytes: kept as bytes because the assertion signs their hash. */
  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, overrides: Overrides): Uint8Array<ArrayBuffer> {
    const json = { type, challenge: overrides.challenge ?? challenge, origin: overrides.origin ?? this.origin, crossOrigin: false }
    return new TextEncoder().encode(JSON.stringify(json))
  }
}
