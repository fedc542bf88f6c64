import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  hkdfSync,
  privateDecrypt,
  randomBytes,
  randomInt,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;

/** A bearer token: 256 random bits. Only its SHA-256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The key in a player media address (/media/avatar/<key>, identity documents later): 256 random bits,
 * so the address cannot be guessed or counted; a new key replaces the old at every upload.
 */
export function newMediaKey(): string {
  return randomBytes(32).toString('base64url');
}

/** The shape of a media key (base64url from newMediaKey, or 64 hex characters from the migration). */
export function isMediaKey(key: string): boolean {
  return /^[A-Za-z0-9_-]{43,64}$/.test(key);
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A random numeric code (spec §9: 6 digits by default). */
export function randomCode(digits = 6): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

// scrypt with N=2^15, r=8, p=1: about 32 MiB and tens of milliseconds per hash on these machines.
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password.normalize('NFKC'), salt, KEY_LENGTH, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split('$');
  if (!parts || parts.length !== 6 || parts[0] !== 'scrypt') {
    // Spend the same time as a real check, so an unknown account cannot be told from a wrong password.
    await scryptAsync(password, randomBytes(16), KEY_LENGTH, SCRYPT);
    return false;
  }
  const [, n, r, p, salt, expected] = parts as [string, string, string, string, string, string];
  const key = await scryptAsync(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), KEY_LENGTH, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  const wanted = Buffer.from(expected, 'base64url');
  return wanted.length === key.length && timingSafeEqual(wanted, key);
}

/** A keyed hash of a short code: a stolen table does not give the codes away by brute force. */
export function codeHash(secret: string, recipient: string, purpose: string, code: string): string {
  return createHmac('sha256', secret).update(`${recipient}\n${purpose}\n${code}`).digest('hex');
}

/**
 * RSA-OAEP (SHA-256) for the sensitive fields of spec §5: the page encrypts each with the public key,
 * the server reads them with the private key.
 */
export interface FieldCipher {
  /** The public key as base64 SPKI DER, for WebCrypto's importKey('spki'). */
  publicKeySpki: string;
  keyId: string;
  decrypt(base64: string): string | undefined;
}

export function fieldCipher(privateKeyPem: string): FieldCipher {
  const privateKey = createPrivateKey(privateKeyPem);
  const spki = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  return {
    publicKeySpki: spki.toString('base64'),
    keyId: createHash('sha256').update(spki).digest('hex').slice(0, 16),
    decrypt(base64) {
      try {
        return privateDecrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(base64, 'base64'),
        ).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * Encryption at rest of a short personal value (a payment account number): AES-256-GCM with a key
 * derived (HKDF-SHA256) from a deployment secret and the value's purpose, so no new secret has to be
 * managed and each purpose has its own key. `hash` is a keyed hash of the value, to find a duplicate
 * without decrypting. Sealed text: v1.<iv>.<tag>.<ciphertext>, base64url.
 */
export interface AtRestCipher {
  seal(plain: string): string;
  open(sealed: string): string;
  hash(plain: string): string;
}

export function atRestCipher(secret: string, purpose: string): AtRestCipher {
  const key = Buffer.from(hkdfSync('sha256', secret, 'panalo-at-rest', `${purpose}:encrypt`, 32));
  const hashKey = Buffer.from(hkdfSync('sha256', secret, 'panalo-at-rest', `${purpose}:hash`, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
    hash: (plain) => createHmac('sha256', hashKey).update(plain).digest('hex'),
  };
}
