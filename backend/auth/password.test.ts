// The native bcrypt (@node-rs/bcrypt) against bcryptjs, which made every hash stored before it:
// each stored hash still verifies, long and non-ASCII passwords give bcryptjs's answers, new
// hashes stay $2b$ at cost 10, and the unknown-user path still spends a full verify.
import fs from 'node:fs';
import path from 'node:path';
import { hash, verify } from '@node-rs/bcrypt';
import bcryptjs from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { BCRYPT_COST, DUMMY_HASH, compareHash, hashSecret, passwordBytes, verifySecret } from './password';

/** What matches, at the stored hash's own cost (verifySecret pads a cheap hash's check to cost 10). */
const matches = async (secret: string, stored: string) => (await compareHash(secret, stored)).matches;

// Made by the demo seed's own expression, crypt(<password>, gen_salt('bf', 10)), in PGlite's pgcrypto.
const PGCRYPTO_HASHES: Array<[string, string]> = [
  ['staydesk-demo', '$2a$10$00/6Xsy9ixLhYwGymABu3OKEDKRr5K.qR4kmyDSgMVG.S4WFYkJjq'],
  ['Árvíztűrő tükörfúrógép', '$2a$10$202KGlOYP22fLrQZIgkMmu18ovtb1EqvCL4c4EXn.m2eL5.rByV2e'],
];

// Passwords whose bytes differ from their characters: past 72 bytes (bcrypt's limit) in ASCII,
// in two-byte letters, in four-byte emoji cut at the limit, NUL inside, lone surrogates (JSON can
// carry them; bcryptjs gives them three bytes each, Buffer.from would write U+FFFD), a megabyte.
const PASSWORDS = [
  'correct-horse',
  'Árvíztűrő tükörfúrógép',
  '日本語のパスワード',
  'x'.repeat(72),
  'x'.repeat(73),
  'x'.repeat(50) + 'y'.repeat(50),
  'é'.repeat(36) + 'tail',
  'ő'.repeat(50),
  'a' + '😀'.repeat(18),
  'a\u0000b',
  '\ud800abc',
  'abc\udc00',
  'z'.repeat(1_000_000),
];

/** Strings bcryptjs could confuse with `p`: a longer one, a shorter one, the U+FFFD spelling. */
function lookalikes(p: string): string[] {
  return [p, `${p}!`, p.slice(0, -1), p.replace(/[\ud800-\udfff]/g, '\ufffd'), p.toUpperCase()];
}

async function fastestMs(fn: () => Promise<unknown>): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    await fn();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

describe('password hashing (native bcrypt)', () => {
  it('makes $2b$ hashes at cost 10 that bcryptjs verifies too', async () => {
    const made = await hashSecret('stored-secret');
    expect(made).toMatch(/^\$2b\$10\$[./A-Za-z0-9]{53}$/);
    expect(BCRYPT_COST).toBe(10);
    expect(bcryptjs.getRounds(made)).toBe(10);
    expect(await verifySecret('stored-secret', made)).toBe(true);
    expect(await verifySecret('stored-secreT', made)).toBe(false);
    expect(await bcryptjs.compare('stored-secret', made)).toBe(true);
    // A fresh salt each time.
    expect(await hashSecret('stored-secret')).not.toBe(made);
    // Non-ASCII past 72 bytes, at the product's cost.
    const long = 'ő'.repeat(40);
    const longHash = await hashSecret(long);
    expect(bcryptjs.compareSync(long, longHash)).toBe(true);
    expect(bcryptjs.compareSync(long.slice(0, 35), longHash)).toBe(false);
  });

  it('verifies the hashes stored so far: bcryptjs $2a$, $2b$ and $2y$, pgcrypto (the demo seeds)', async () => {
    const made = bcryptjs.hashSync('old-password', 4).slice(4);
    for (const prefix of ['$2a$', '$2b$', '$2y$']) {
      expect(await matches('old-password', prefix + made), prefix).toBe(true);
      expect(await matches('old-passworD', prefix + made), prefix).toBe(false);
    }
    expect(await verifySecret('old-password', bcryptjs.hashSync('old-password', BCRYPT_COST))).toBe(true);
    for (const [password, hash] of PGCRYPTO_HASHES) {
      expect(await verifySecret(password, hash), password).toBe(true);
      expect(await verifySecret(`${password} `, hash), password).toBe(false);
    }
    // The constants above are what the seed makes: the same expression and password.
    const seed = fs.readFileSync(path.join(__dirname, '../../nhost/seeds/default/001_users.sql'), 'utf8');
    expect(seed).toContain(`crypt('${PGCRYPTO_HASHES[0][0]}', gen_salt('bf', 10))`);
  });

  it('answers as bcryptjs did for long, non-ASCII and malformed passwords, both ways', async () => {
    for (const password of PASSWORDS) {
      const label = JSON.stringify(password.slice(0, 20));
      const old = bcryptjs.hashSync(password, 4);
      for (const candidate of lookalikes(password)) {
        expect(await matches(candidate, old), `${label} vs ${JSON.stringify(candidate.slice(0, 20))}`).toBe(bcryptjs.compareSync(candidate, old));
      }
      // hashSecret at cost 4 (the cost is the only difference; bcryptjs takes ~0.1 s per cost-10 check).
      const fresh = await hash(passwordBytes(password), 4);
      for (const candidate of lookalikes(password)) {
        expect(bcryptjs.compareSync(candidate, fresh), `new hash of ${label}`).toBe(await matches(candidate, fresh));
      }
      expect(await matches(password, fresh), label).toBe(true);
    }
    // Past 72 bytes nothing counts (as before), and a lone surrogate is not U+FFFD (as before).
    const long = bcryptjs.hashSync('x'.repeat(72), 4);
    expect(await matches('x'.repeat(72) + 'anything', long)).toBe(true);
    expect(await matches('\ufffdabc', bcryptjs.hashSync('\ud800abc', 4))).toBe(false);
    expect(passwordBytes('z'.repeat(1_000_000))).toHaveLength(72);
  });

  it('hashes and checks SMS codes the same way', async () => {
    const stored = await hashSecret('042917');
    expect(stored).toMatch(/^\$2b\$10\$/);
    expect(await verifySecret('042917', stored)).toBe(true);
    expect(await verifySecret('042918', stored)).toBe(false);
    expect(await verifySecret('42917', stored)).toBe(false);
    // A code stored by the bcryptjs version (bcrypt.hash(code, 10)) is still accepted.
    expect(await verifySecret('550123', bcryptjs.hashSync('550123', 10))).toBe(true);
  });

  it('refuses what bcryptjs refused: wrong types throw, a stored value that is no hash matches nothing', async () => {
    for (const bad of [undefined, null, 5, {}, ['a'], Buffer.from('a')]) {
      await expect(hashSecret(bad as never)).rejects.toThrow(TypeError);
      await expect(verifySecret(bad as never, DUMMY_HASH)).rejects.toThrow(TypeError);
      await expect(verifySecret('secret', bad as never)).rejects.toThrow(TypeError);
    }
    const valid = bcryptjs.hashSync('secret', 4);
    for (const stored of ['', 'secret', '$2b$10$short', `$2x$${valid.slice(4)}`, `$2b$99$${valid.slice(7)}`, `$3b$${valid.slice(4)}`, `${valid}x`]) {
      expect(await verifySecret('secret', stored), stored).toBe(false);
    }
  });

  it('spends a full cost-10 verify on the unknown-user hash', async () => {
    expect(bcryptjs.getRounds(DUMMY_HASH)).toBe(BCRYPT_COST);
    expect(await verifySecret('wrong-password', DUMMY_HASH)).toBe(false);
    // Cost 10 is 64 times the work of a bare cost-4 check; a verify that returned early would be as quick as one.
    const cheap = bcryptjs.hashSync('wrong-password', 4);
    const stored = bcryptjs.hashSync('real', BCRYPT_COST);
    const dummy = await fastestMs(() => verifySecret('wrong-password', DUMMY_HASH));
    const real = await fastestMs(() => verifySecret('wrong-password', stored));
    const quick = await fastestMs(() => verify(passwordBytes('wrong-password'), cheap));
    expect(dummy).toBeGreaterThan(8 * quick);
    expect(dummy).toBeGreaterThan(real / 3);
  });

  it('spends a full verify on a stored value that is no hash, refused at once or cheaper than cost 10, so such an account answers as slowly as an unknown e-mail', async () => {
    // '' or plain text in password_hash (written past the auth service) matched nothing at once
    // (well under a millisecond), and so did a hash of a cost bcrypt refuses ($2b$03$: 0.02 ms); a
    // cost-6 hash (imported, pgcrypto's default) took 1/16 of a check. Each is timed against a real wrong-password check at the cost every
    // stored hash has, the two taken in turn five times and the fastest of each compared, so a busy
    // machine (another test worker, the thread pool) slows both alike.
    const real = bcryptjs.hashSync('real', BCRYPT_COST);
    const once = async (stored: string) => {
      const started = performance.now();
      await verifySecret('wrong-password', stored);
      return performance.now() - started;
    };
    const refusedCost = `$2b$03$${real.slice(7)}`;
    for (const stored of ['', 'plain-text', '$2b$10$short', refusedCost, bcryptjs.hashSync('real', 6)]) {
      expect(await verifySecret('wrong-password', stored)).toBe(false);
      let [full, noHash] = [Infinity, Infinity];
      for (let i = 0; i < 5; i++) {
        full = Math.min(full, await once(real));
        noHash = Math.min(noHash, await once(stored));
      }
      expect(noHash, JSON.stringify(stored)).toBeGreaterThan(0.25 * full);
    }
    // The dummy hash's own password (nobody kept it) does not open an account with such a value.
    expect(await verifySecret('', '')).toBe(false);
  });
});
