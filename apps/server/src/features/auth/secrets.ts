import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** 256 random bits, URL-safe: session tokens and link tokens. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const newVerificationCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

// @node-rs/argon2 defaults to argon2id with OWASP-recommended memory and time costs.
export const hashPassword = (password: string) => hash(password);

// A fixed hash verified when the email is unknown, so both failures take the same time.
const decoyHash = hash('decoy-password-for-timing');

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
