// Demo helpers: a throwaway secp256k1 wallet that signs like personal_sign, and a demo login.
import { expect } from 'bun:test'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { addressOfPublicKey, personalMessageHash } from '../../src/features/demo/wallet'
import type { TestServer } from './server'

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function wallet() {
  const secretKey = secp256k1.keygen().secretKey
  const address = addressOfPublicKey(secp256k1.getPublicKey(secretKey, false))
  const sign = (message: string) => {
    const sig = secp256k1.sign(personalMessageHash(message), secretKey, { prehash: false, format: 'recovered' })
    return `0x${bytesToHex(sig.subarray(1))}${(sig[0]! + 27).toString(16)}`
  }
  return { address, sign }
}

export async function demoLogin(server: TestServer): Promise<{ token: string; nonce: string }> {
  const res = await server.request('POST', '/api/demo/login')
  expect(res.status).toBe(200)
  return res.body
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
