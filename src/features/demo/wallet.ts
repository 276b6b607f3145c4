// Demo room: Ethereum personal_sign (EIP-191) recovery and EIP-55 addresses.
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { addressOfPublicKey, personalMessageHash, toChecksumAddress } from '#src/contract/eip191'

export { addressOfPublicKey, personalMessageHash, toChecksumAddress }

const strip0x = (hex: string) => (hex.startsWith('0x') || hex.startsWith('0X') ? hex.slice(2) : hex)

/** The recovery id of a signature's last byte: 27/28 (legacy) or 0/1; anything else is null. */
export function recoveryId(v: number): 0 | 1 | null {
  if (v === 0 || v === 27) return 0
  if (v === 1 || v === 28) return 1
  return null
}

/**
 * The lowercase address whose key made `signature` (0x + r || s || v, 65 bytes) over `message`,
 * or null when no key did (bad v, r or s out of range, no point for r).
 */
export function recoverPersonalSigner(message: string, signature: string): string | null {
  try {
    const bytes = hexToBytes(strip0x(signature))
    if (bytes.length !== 65) return null
    const recovery = recoveryId(bytes[64]!)
    if (recovery === null) return null
    const r = BigInt(`0x${bytesToHex(bytes.subarray(0, 32))}`)
    const s = BigInt(`0x${bytesToHex(bytes.subarray(32, 64))}`)
    const point = new secp256k1.Signature(r, s, recovery).recoverPublicKey(personalMessageHash(message))
    return addressOfPublicKey(point.toBytes(false))
  } catch {
    return null
  }
}

/** All-lowercase and all-uppercase addresses carry no checksum; mixed case must match EIP-55. */
export function hasValidChecksum(address: string): boolean {
  const hex = strip0x(address)
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true
  return toChecksumAddress(address) === `0x${hex}`
}
