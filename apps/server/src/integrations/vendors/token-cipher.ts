import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const version = 'v1';

/**
 * Vendor tokens at rest (decision 0009): AES-256-GCM with the 32-byte DEVICE_TOKEN_KEY, stored as
 * `v1.<iv>.<tag>.<ciphertext>` in base64url, so a database dump alone does not open a patient's account.
 */
export function encryptToken(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [version, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The token, or an error when the value was not made with this key (or was altered). */
export function decryptToken(key: Buffer, stored: string): string {
  const [v, iv, tag, ciphertext] = stored.split('.');
  if (v !== version || !iv || !tag || ciphertext === undefined) throw new Error('not an encrypted token');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
