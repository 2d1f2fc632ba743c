import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptToken, encryptToken, opensWith, tokenKeyMismatch } from './token-cipher.js';
import { withingsMac, withingsSignature } from './withings.client.js';

describe('vendor tokens at rest', () => {
  const key = randomBytes(32);

  it('round-trips, with a fresh IV each time, and never holds the plaintext', () => {
    const a = encryptToken(key, 'access-token-1');
    const b = encryptToken(key, 'access-token-1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('access-token-1');
    expect(decryptToken(key, a)).toBe('access-token-1');
  });

  it('refuses an altered value and another key', () => {
    const stored = encryptToken(key, 'access-token-1');
    const [v, iv, tag, body] = stored.split('.');
    const flipped = `${v}.${iv}.${tag}.${body![0] === 'A' ? 'B' : 'A'}${body!.slice(1)}`;
    // Both said as a key that does not open the tokens, the usual cause of either.
    expect(() => decryptToken(key, flipped)).toThrow(tokenKeyMismatch);
    expect(() => decryptToken(randomBytes(32), stored)).toThrow(tokenKeyMismatch);
    expect(opensWith(randomBytes(32), stored)).toBe(false);
    expect(opensWith(key, stored)).toBe(true);
    expect(() => decryptToken(key, 'plaintext')).toThrow('not an encrypted token');
  });
});

describe('Withings', () => {
  it('signs the values of action, client_id and nonce (or timestamp), comma-joined, with HMAC-SHA256', () => {
    const expected = createHmac('sha256', 's3cret').update('activate,client-1,nonce-9').digest('hex');
    expect(withingsSignature('s3cret', ['activate', 'client-1', 'nonce-9'])).toBe(expected);
  });

  it('writes a MAC address the Withings way', () => {
    expect(withingsMac('0024E4ABCDEF')).toBe('00:24:e4:ab:cd:ef');
    expect(withingsMac('00:24:E4:AB:CD:EF')).toBe('00:24:e4:ab:cd:ef');
  });
});
