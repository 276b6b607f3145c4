// The demo's throwaway wallet: a secp256k1 key made in the browser that signs like personal_sign.
// NOTE: ~15 KB gzip of @noble code; demo-app.tsx loads this module with import() on the first
// Connect click, so no page ships it on first load. The key lives only in this closure.
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { addressOfPublicKey, personalMessageHash, toChecksumAddress } from '#src/contract/eip191'

export { personalMessageHash, toChecksumAddress as checksumAddress }

export type DemoWallet = { address: string; signPersonal: (message: string) => string }

/** A new key; `signPersonal` returns 0x + r || s || v with v = 27 or 28, as wallets do. */
export function createEphemeralWallet(): DemoWallet {
  const { secretKey } = secp256k1.keygen()
  const publicKey = secp256k1.getPublicKey(secretKey, false)
  const address = toChecksumAddress(addressOfPublicKey(publicKey))
  return {
    address,
    signPersonal(message) {
      const sig = secp256k1.sign(personalMessageHash(message), secretKey, { prehash: false, format: 'recovered' })
      // noble puts the recovery byte first; Ethereum puts it last.
      return `0x${bytesToHex(sig.subarray(1))}${(sig[0]! + 27).toString(16)}`
    },
  }
}
