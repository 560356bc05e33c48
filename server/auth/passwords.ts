/** argon2id password hashing (OWASP's recommended parameters: 19 MiB, 2 iterations). */
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id is an ambient const enum, which verbatimModuleSyntax cannot import: its value is 2.
const ARGON2ID = 2;
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when the e-mail is unknown keeps both failures equally slow.
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-0b3f');
  return dummyHash;
}
