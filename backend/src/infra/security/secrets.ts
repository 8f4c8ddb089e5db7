import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** The SHA-256 of a secret (link token, session, bearer token): what is stored, never the secret. */
export const digest = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A new random secret, URL-safe: 256 bits. */
export const newSecret = () => randomBytes(32).toString('base64url');

/** An argon2id hash of a password. */
export const hashPassword = (password: string) => hash(password);

// Checked against when there is no account, so that a login takes as long whether or not the
// account exists. Computed in the background from start-up.
const decoyHash = hash('coseso-decoy-password');

/** Whether `password` is the one `stored` hashes; false, as slowly as a real check, with no hash. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  const matches = await verify(stored ?? (await decoyHash), password).catch(() => false);
  return Boolean(stored) && matches;
}
