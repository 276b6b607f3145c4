import { describe, expect, test } from 'bun:test'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import {
  addressOfPublicKey,
  hasValidChecksum,
  personalMessageHash,
  recoverPersonalSigner,
  toChecksumAddress,
} from '#src/features/demo/wallet'

/** personal_sign as a wallet does it: 0x + r || s || v with v = 27 + recovery (or 0/1 when `raw`). */
function personalSign(message: string, secretKey: Uint8Array, raw = false): string {
  const sig = secp256k1.sign(personalMessageHash(message), secretKey, { prehash: false, format: 'recovered' })
  // noble puts the recovery byte first; Ethereum puts it last.
  return `0x${bytesToHex(sig.subarray(1))}${(sig[0]! + (raw ? 0 : 27)).toString(16).padStart(2, '0')}`
}

const keypair = () => {
  const { secretKey, publicKey } = secp256k1.keygen()
  return { secretKey, address: addressOfPublicKey(secp256k1.getPublicKey(secretKey, false)), publicKey }
}

// The example account of the web3.js accounts docs; the hash and signature are its sign('Some data').
const KNOWN = {
  secretKey: '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318',
  address: '0x2c7536E3605D9C16a7a3D7b1898e529396a65c23',
  message: 'Some data',
  hash: '1da44b586eb0729ff70a73c326926f6ed5a25f5b056e7f47fbc6e58d86871655',
  signature:
    '0xb91467e570a6466aa9e9876cbcd013baba02900b8979d43fe208a4a4f339f5fd6007e74cd82e037b800186422fc2da167c747ef045e5d18a5f5d4300f8e1a0291c',
}

describe('personal_sign recovery', () => {
  test('recovers the signer of a fresh key from a signature with v = 27/28', () => {
    const { secretKey, address } = keypair()
    expect(recoverPersonalSigner('a1b2c3d4', personalSign('a1b2c3d4', secretKey))).toBe(address)
  })

  test('recovers the signer from a signature with v = 0/1', () => {
    const { secretKey, address } = keypair()
    expect(recoverPersonalSigner('nonce', personalSign('nonce', secretKey, true))).toBe(address)
  })

  test('does not recover the signer when the message differs', () => {
    const { secretKey, address } = keypair()
    const signer = recoverPersonalSigner('another nonce', personalSign('the nonce', secretKey))
    expect(signer).not.toBe(address)
  })

  test('matches the web3.js example account, hash and signature', () => {
    const secretKey = hexToBytes(KNOWN.secretKey)
    expect(toChecksumAddress(addressOfPublicKey(secp256k1.getPublicKey(secretKey, false)))).toBe(KNOWN.address)
    expect(bytesToHex(personalMessageHash(KNOWN.message))).toBe(KNOWN.hash)
    expect(personalSign(KNOWN.message, secretKey)).toBe(KNOWN.signature)
    expect(recoverPersonalSigner(KNOWN.message, KNOWN.signature)).toBe(KNOWN.address.toLowerCase())
  })

  test('hashes the message length in bytes, not characters', () => {
    // 'é' is two bytes in UTF-8: the prefix must say 2.
    const { secretKey, address } = keypair()
    expect(recoverPersonalSigner('é', personalSign('é', secretKey))).toBe(address)
    expect(bytesToHex(personalMessageHash('é'))).not.toBe(bytesToHex(personalMessageHash('e')))
  })

  test.each([
    ['v is neither 27/28 nor 0/1', KNOWN.signature.slice(0, -2) + '1d'],
    ['r is zero', `0x${'00'.repeat(32)}${KNOWN.signature.slice(66)}`],
    ['s is the curve order', `0x${KNOWN.signature.slice(2, 66)}${secp256k1.Point.CURVE().n.toString(16)}1b`],
    ['it is 64 bytes long', KNOWN.signature.slice(0, -2)],
    ['it is not hex', `0x${'zz'.repeat(65)}`],
  ])('recovers nobody when %s', (_case, signature) => {
    expect(recoverPersonalSigner(KNOWN.message, signature)).toBeNull()
  })
})

describe('EIP-55 addresses', () => {
  // The examples of the EIP-55 text.
  test.each([
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ])('checksums %s', (address) => {
    expect(toChecksumAddress(address.toLowerCase())).toBe(address)
    expect(hasValidChecksum(address)).toBe(true)
  })

  test('accepts an address without a checksum (one case throughout)', () => {
    expect(hasValidChecksum('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true)
    expect(hasValidChecksum('0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toBe(true)
  })

  test('rejects mixed case that is not the checksum', () => {
    expect(hasValidChecksum('0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false)
  })
})
