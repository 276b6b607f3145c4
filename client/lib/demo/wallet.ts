// The demo's throwaway wallet: a secp256k1 key made in the browser that signs like personal_sign.
// NOTE: ~15 KB gzip of @noble code; demo-app.tsx loads this module with import() on the first
// Connect click, so no page ships it on first load. The key lives only in this closure.
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'

export type DemoWallet = { address: string; signPersonal: (message: string) => string }

/** keccak256("\x19Ethereum Signed Message:\n" + byte length + message) (EIP-191). */
export function personalMessageHash(message: string): Uint8Array {
  const body = utf8ToBytes(message)
  const prefix = utf8ToBytes(`\x19Ethereum Signed Message:\n${body.length}`)
  const data = new Uint8Array(prefix.length + body.length)
  data.set(prefix)
  data.set(body, prefix.length)
  return keccak_256(data)
}

/** The EIP-55 mixed-case form of a lowercase 0x address. */
export function checksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase()
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)))
  let out = '0x'
  for (let i = 0; i < lower.length; i++) out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]
  return out
}

/** A new key; `signPersonal` returns 0x + r || s || v with v = 27 or 28, as wallets do. */
export function createEphemeralWallet(): DemoWallet {
  const { secretKey } = secp256k1.keygen()
  const publicKey = secp256k1.getPublicKey(secretKey, false)
  const address = checksumAddress(`0x${bytesToHex(keccak_256(publicKey.subarray(1)).subarray(-20))}`)
  return {
    address,
    signPersonal(message) {
      const sig = secp256k1.sign(personalMessageHash(message), secretKey, { prehash: false, format: 'recovered' })
      // noble puts the recovery byte first; Ethereum puts it last.
      return `0x${bytesToHex(sig.subarray(1))}${(sig[0]! + 27).toString(16)}`
    },
  }
}
