// Password and SMS-code hashing: bcrypt at cost 10 (hasura-auth's), computed natively on libuv's
// thread pool by @node-rs/bcrypt instead of in JavaScript on the event loop (bcryptjs took ~114 ms
// of the loop per hash, stalling every other request of the backend meanwhile).
import { hash, verify } from '@node-rs/bcrypt';

export const BCRYPT_COST = 10;
// Compared against when the e-mail is unknown, so both failures take the same time: a hash at
// BCRYPT_COST of a random password nobody kept. Written here, not hashed when the module loads,
// which cost every backend start (and every test file that imports the backend) ~150 ms of CPU.
export const DUMMY_HASH = '$2b$10$Mv1v6/K1sOBQuJ3Pkd1hHegVkXb5gITdw0u79MMk3GKP0zJxRewva';

/** bcrypt reads at most 72 bytes of a password; the rest never changes the result. */
const BCRYPT_MAX_BYTES = 72;

/**
 * The password's bytes as bcryptjs (which made every hash stored so far) encodes them: UTF-8, but
 * a lone surrogate (`"\ud800"`, which JSON can carry) becomes its own three bytes where
 * Buffer.from would write U+FFFD, so such a password still matches its old hash. Only the first 72
 * bytes are produced: a megabyte-long password costs no more than a short one.
 */
export function passwordBytes(password: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < password.length && out.length < BCRYPT_MAX_BYTES; i++) {
    let c = password.charCodeAt(i);
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push((c >> 6) | 0xc0, (c & 0x3f) | 0x80);
    else if ((c & 0xfc00) === 0xd800 && (password.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      c = 0x10000 + ((c & 0x3ff) << 10) + (password.charCodeAt(++i) & 0x3ff);
      out.push((c >> 18) | 0xf0, ((c >> 12) & 0x3f) | 0x80, ((c >> 6) & 0x3f) | 0x80, (c & 0x3f) | 0x80);
    } else out.push((c >> 12) | 0xe0, ((c >> 6) & 0x3f) | 0x80, (c & 0x3f) | 0x80);
  }
  return Uint8Array.from(out.slice(0, BCRYPT_MAX_BYTES));
}

/**
 * Whether bcrypt would ignore part of this password (over 72 bytes in UTF-8; a lone surrogate is
 * three, as Go decodes it). hasura-auth cannot store one: Go's bcrypt.GenerateFromPassword refuses
 * it (ErrPasswordTooLong), so its sign-up and password change answer 500 internal-server-error.
 * A sign-in still compares the first 72 bytes (CompareHashAndPassword does too).
 */
export function passwordTooLong(password: string): boolean {
  return Buffer.byteLength(password, 'utf8') > BCRYPT_MAX_BYTES;
}

/** A new $2b$ hash at BCRYPT_COST. */
export async function hashSecret(secret: string): Promise<string> {
  if (typeof secret !== 'string') throw new TypeError('hashSecret: a string is required');
  return hash(passwordBytes(secret), BCRYPT_COST);
}

// The versions bcryptjs accepted; @node-rs/bcrypt would also take $2x$ (crypt_blowfish's marker
// for hashes made with its sign-extension bug), which no hash stored here can carry.
const STORED_HASH = /^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/;

/**
 * Whether `secret` matches `stored` ($2a$, $2b$ or $2y$, any cost), at the stored hash's own cost:
 * the bare comparison, for what matches and what not (tests). Sign-ins use verifySecret.
 * A stored value that is not a bcrypt hash matches nothing (bcryptjs threw on some, which ended a
 * sign-in as a 500). Also the cost: 0 when no bcrypt work was done (no hash, or one whose cost
 * bcrypt refuses at once: $2b$03$, $2b$32$).
 */
export async function compareHash(secret: string, stored: string): Promise<{ matches: boolean; cost: number }> {
  requireStrings(secret, stored);
  return compareBytes(passwordBytes(secret), stored);
}

function requireStrings(secret: unknown, stored: unknown): void {
  if (typeof secret !== 'string' || typeof stored !== 'string') throw new TypeError('verifySecret: strings are required');
}

/** compareHash with the password's bytes already made (verifySecret needs them again to pad). */
async function compareBytes(bytes: Uint8Array, stored: string): Promise<{ matches: boolean; cost: number }> {
  const cost = STORED_HASH.test(stored) ? Number(stored.slice(4, 6)) : 0;
  if (cost < 4 || cost > 31) return { matches: false, cost: 0 };
  try {
    return { matches: await verify(bytes, stored), cost };
  } catch {
    return { matches: false, cost: 0 };
  }
}

// A hash of a random password nobody kept at each cost below BCRYPT_COST. A check at cost c costs
// 2^c rounds; adding one against each of costs c..BCRYPT_COST-1 adds 2^BCRYPT_COST - 2^c, so a
// cheaper stored hash (imported, made elsewhere) costs exactly what a cost-10 check does.
const PAD_HASHES: Record<number, string> = {
  4: '$2b$04$S38oygIezMtpYOynomZOLumLMMExHUmSrKaVeXk7GGsLus.IGYgoy',
  5: '$2b$05$NN1cOuDY/QOY93GYk2JaIeN0EGiOW0QUmZHCNzQCiQv27D2frlerS',
  6: '$2b$06$DVJUo/wxA7dE0HtfIVSmMeQJKx/unt5upSEDEwEIC1xEuWp2cM1R6',
  7: '$2b$07$Swpr7T3Fo34ffnCi3sKs6.kZ8rxZNrP8HUV4GaOOR/u0p5XKwdJhK',
  8: '$2b$08$xlyfR2.VcndxBMo6dXE5fuLoS6/A5.IbgErMKdTiRjiVRv3PEAWoa',
  9: '$2b$09$jehdFXrhSGJCcO5plOG15ev6SkSv6cy67OgiiNy61fYmUMgf2RWrS',
};

/**
 * compareHash, timed as a check against a cost-10 hash whatever is stored: an account whose stored
 * value is empty, no hash, a hash bcrypt refuses at once or one of a lower cost must not answer a
 * wrong password faster than an unknown e-mail does (that told which e-mails have accounts).
 * No bcrypt work done: a full check against the dummy hash; a cheaper hash: padded to cost 10.
 * (A stored hash of a higher cost answers slower; nothing here can make an unknown e-mail wait for
 * a cost it does not know.)
 */
export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  requireStrings(secret, stored);
  const bytes = passwordBytes(secret);
  const { matches, cost } = await compareBytes(bytes, stored);
  if (cost === 0) {
    await verify(bytes, DUMMY_HASH);
    return false;
  }
  for (let c = cost; c < BCRYPT_COST; c++) await verify(bytes, PAD_HASHES[c]);
  return matches;
}
