/**
 * Every secret-handling primitive of the server: password hashes, keyed e-mail hashes, sealed
 * (encrypted) values, OTP hashes and random tokens. Keys are derived from the one server secret.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { hash, hashRaw, verify } from '@node-rs/argon2';

export interface PasswordCost {
  /** KiB of memory per hash. */
  memoryCost: number;
  timeCost: number;
}

/** OWASP's argon2id baseline: 19 MiB, two passes. */
const DEFAULT_PASSWORD_COST: PasswordCost = { memoryCost: 19_456, timeCost: 2 };

const b64 = (bytes: Buffer) => bytes.toString('base64url');
const unb64 = (text: string) => Buffer.from(text, 'base64url');

function deriveKey(material: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', material, Buffer.alloc(0), `quad:${purpose}`, 32));
}

/** AES-256-GCM; the output is `iv.tag.ciphertext`, base64url. */
function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map(b64).join('.');
}

function open(key: Buffer, sealed: string): string | null {
  const [iv, tag, body] = sealed.split('.');
  if (!iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, unb64(iv));
    decipher.setAuthTag(unb64(tag));
    return Buffer.concat([decipher.update(unb64(body)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

/** 32 random bytes, base64url: session, reset-grant and CSRF tokens. */
export const newToken = () => b64(randomBytes(32));

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function createCrypto(secret: Buffer, cost: PasswordCost = DEFAULT_PASSWORD_COST) {
  const emailKey = deriveKey(secret, 'email-hash');
  const otpKey = deriveKey(secret, 'otp');
  const subjectKey = deriveKey(secret, 'signin-subject');
  const fieldKey = deriveKey(secret, 'sealed-field');
  const hmac = (key: Buffer, value: string) => createHmac('sha256', key).update(value).digest('hex');

  return {
    hashPassword: (password: string) => hash(password, cost),
    verifyPassword: (passwordHash: string, password: string) =>
      verify(passwordHash, password).catch(() => false),

    /** The look-up key of an address: HMAC-SHA256 of the normalised address. */
    emailHash: (email: string) => hmac(emailKey, normalizeEmail(email)),
    /** The key of a sign-in throttling bucket (an account or a client address), never stored in clear. */
    subjectHash: (subject: string) => hmac(subjectKey, subject),
    otpHash: (otpId: string, code: string) => hmac(otpKey, `${otpId}:${code}`),

    /** Seals a value under a key derived from a password: `v1.m.t.salt.iv.tag.ciphertext`. */
    async sealWithPassword(password: string, plain: string): Promise<string> {
      const salt = randomBytes(16);
      const key = await hashRaw(password, { ...cost, salt, outputLen: 32 });
      return ['v1', cost.memoryCost, cost.timeCost, b64(salt), seal(key, plain)].join('.');
    },
    async openWithPassword(password: string, sealed: string): Promise<string | null> {
      const [version, memoryCost, timeCost, salt, ...rest] = sealed.split('.');
      if (version !== 'v1' || !salt) return null;
      const params = {
        memoryCost: Number(memoryCost),
        timeCost: Number(timeCost),
        salt: unb64(salt),
        outputLen: 32,
      };
      return open(await hashRaw(password, params), rest.join('.'));
    },

    /** Seals a value under a key derived from a random token (session and reset-grant cookies). */
    sealWithToken: (token: string, plain: string) => seal(deriveKey(Buffer.from(token), 'token-seal'), plain),
    openWithToken: (token: string, sealed: string) =>
      open(deriveKey(Buffer.from(token), 'token-seal'), sealed),

    /** Seals a field at rest under the server secret (the LeetCode handle). */
    sealField: (plain: string) => seal(fieldKey, plain),
    openField: (sealed: string) => open(fieldKey, sealed),
  };
}

export type Crypto = ReturnType<typeof createCrypto>;
