import { createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/** The in-toto payload type of the envelope; the PAE binds the signature to it. */
export const PAYLOAD_TYPE = 'application/vnd.in-toto+json';

export interface DsseSignature {
  keyid: string;
  sig: string;
}

export interface DsseEnvelope {
  payloadType: string;
  payload: string;
  signatures: DsseSignature[];
}

export const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/** DSSE pre-authentication encoding: what is signed, so the type cannot be swapped under a valid signature. */
export function pae(payloadType: string, payload: Buffer): Buffer {
  const type = Buffer.from(payloadType, 'utf8');
  return Buffer.concat([Buffer.from(`DSSEv1 ${type.length} `), type, Buffer.from(` ${payload.length} `), payload]);
}

/** The key's ID: the digest of its public key (SPKI DER), the same whichever half it is computed from. */
export function keyIdOf(key: KeyObject): string {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  return sha256Hex(publicKey.export({ type: 'spki', format: 'der' }));
}

/** The envelope of a payload, signed with an Ed25519 private key when one is given. */
export function envelopeOf(payload: Buffer, privateKey?: KeyObject): DsseEnvelope {
  const signatures = privateKey ? [{ keyid: keyIdOf(privateKey), sig: sign(null, pae(PAYLOAD_TYPE, payload), privateKey).toString('base64') }] : [];
  return { payloadType: PAYLOAD_TYPE, payload: payload.toString('base64'), signatures };
}

/** Whether the signature is the public key's over `signed`, the PAE of the envelope (computed once for all its signatures). */
export function signatureHolds(signed: Buffer, signature: DsseSignature, publicKey: KeyObject): boolean {
  return verify(null, signed, publicKey, Buffer.from(signature.sig, 'base64'));
}
