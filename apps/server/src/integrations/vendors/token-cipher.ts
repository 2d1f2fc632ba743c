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

/** What an operator is told when the stored tokens do not open: the usual cause is a changed key. */
export const tokenKeyMismatch =
  'a stored Withings token cannot be decrypted with DEVICE_TOKEN_KEY: the key is not the one the tokens were stored with (changed or mistyped?)';

/** The token, or an error saying so when the value was not made with this key (or was altered). */
export function decryptToken(key: Buffer, stored: string): string {
  const [v, iv, tag, ciphertext] = stored.split('.');
  if (v !== version || !iv || !tag || ciphertext === undefined)
    throw new Error('a stored Withings token is not an encrypted token');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new Error(tokenKeyMismatch);
  }
}

/** Whether a stored token opens with this key. */
export function opensWith(key: Buffer, stored: string): boolean {
  try {
    decryptToken(key, stored);
    return true;
  } catch {
    return false;
  }
}
