// The signature rule of POST /api/demo/link-wallet, shared by the server (recovery) and the demo
// page (signing): EIP-191 personal_sign hashing and EIP-55 addresses. Pure JavaScript (@noble).
import { keccak_256 } from '@noble/hashes/sha3.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'

/** keccak256("\x19Ethereum Signed Message:\n" + byte length + message): what personal_sign signs. */
export function personalMessageHash(message: string): Uint8Array {
  const body = utf8ToBytes(message)
  const prefix = utf8ToBytes(`\x19Ethereum Signed Message:\n${body.length}`)
  const data = new Uint8Array(prefix.length + body.length)
  data.set(prefix)
  data.set(body, prefix.length)
  return keccak_256(data)
}

/** The lowercase 0x address of an uncompressed (65-byte, 0x04-prefixed) public key. */
export function addressOfPublicKey(publicKey: Uint8Array): string {
  return `0x${bytesToHex(keccak_256(publicKey.subarray(1)).subarray(-20))}`
}

/** The EIP-55 mixed-case form of an address (with or without 0x). */
export function toChecksumAddress(address: string): string {
  const lower = address.replace(/^0x/i, '').toLowerCase()
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)))
  let out = '0x'
  for (let i = 0; i < lower.length; i++) out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]
  return out
}
