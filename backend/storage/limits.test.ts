// Storage limits: the variant cache stays within its file and byte bounds however many distinct
// variants are asked for (least recently used out first, files in use kept), and blur is bounded:
// refused above STORAGE_IMAGE_MAX_BLUR, and wide blurs cost about what small ones do.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CACHE_LIMITS, FileCache, cacheLimitsFromEnv } from './cache';
import { StorageError } from './errors';
import { DEFAULT_MAX_BLUR, imageVariant, maxBlurFromEnv, parseImageParams } from './images';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-storage-limits-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

let dirs = 0;
const freshDir = () => path.join(tmp, `cache-${dirs++}`);
const filesIn = (dir: string) => fs.readdirSync(dir).sort();
const writeBytes = (n: number) => async (file: string) => fs.promises.writeFile(file, Buffer.alloc(n, 1));

describe('variant cache bounds', () => {
  it('reads its limits from the environment', () => {
    expect(DEFAULT_CACHE_LIMITS).toEqual({ maxFiles: 2000, maxBytes: 512 * 1024 * 1024 });
    expect(cacheLimitsFromEnv({})).toEqual(DEFAULT_CACHE_LIMITS);
    expect(cacheLimitsFromEnv({ STORAGE_IMAGE_CACHE_MAX_FILES: '10', STORAGE_IMAGE_CACHE_MAX_BYTES: '4096' })).toEqual({ maxFiles: 10, maxBytes: 4096 });
    expect(cacheLimitsFromEnv({ STORAGE_IMAGE_CACHE_MAX_FILES: '0', STORAGE_IMAGE_CACHE_MAX_BYTES: 'lots' })).toEqual(DEFAULT_CACHE_LIMITS);
  });

  it('keeps at most maxFiles files, evicting the least recently used', async () => {
    const cache = new FileCache(freshDir(), { maxFiles: 3, maxBytes: 1e9 });
    await cache.init();
    for (const name of ['a', 'b', 'c']) (await cache.use(name, writeBytes(10))).release();
    // A hit makes `a` the most recently used, so `b` goes first.
    (await cache.use('a', () => Promise.reject(new Error('must not be made again')))).release();
    (await cache.use('d', writeBytes(10))).release();
    expect(filesIn(cache.dir)).toEqual(['a', 'c', 'd']);
    expect(cache.stats()).toEqual({ files: 3, bytes: 30 });
  });

  it('keeps at most maxBytes bytes', async () => {
    const cache = new FileCache(freshDir(), { maxFiles: 100, maxBytes: 100 });
    await cache.init();
    for (let i = 0; i < 10; i++) (await cache.use(`f${i}`, writeBytes(30))).release();
    expect(cache.stats()).toEqual({ files: 3, bytes: 90 });
    expect(filesIn(cache.dir)).toEqual(['f7', 'f8', 'f9']);
  });

  it('never evicts a file in use; it goes once released', async () => {
    const cache = new FileCache(freshDir(), { maxFiles: 1, maxBytes: 1e9 });
    await cache.init();
    const held = await cache.use('held', writeBytes(5));
    const other = await cache.use('other', writeBytes(5));
    expect(filesIn(cache.dir)).toEqual(['held', 'other']);
    expect(fs.readFileSync(held.path)).toHaveLength(5);
    other.release();
    expect(filesIn(cache.dir)).toEqual(['held']);
    held.release();
    held.release();
    (await cache.use('third', writeBytes(5))).release();
    expect(filesIn(cache.dir)).toEqual(['third']);
  });

  it('makes a file once for concurrent callers; a failed make leaves nothing', async () => {
    const cache = new FileCache(freshDir(), { maxFiles: 10, maxBytes: 1e9 });
    await cache.init();
    let made = 0;
    const slowMake = async (file: string) => {
      made += 1;
      await new Promise((r) => setTimeout(r, 30));
      await fs.promises.writeFile(file, 'x');
    };
    const all = await Promise.all(Array.from({ length: 20 }, () => cache.use('same', slowMake)));
    expect(made).toBe(1);
    all.forEach((f) => f.release());
    await expect(cache.use('broken', async (file) => {
      await fs.promises.writeFile(file, 'half');
      throw new Error('boom');
    })).rejects.toThrow('boom');
    expect(filesIn(cache.dir)).toEqual(['same']);
    expect(() => cache.pathOf('../escape')).toThrow();
  });

  it('takes over the files of an earlier run, oldest first, within the bounds; drops leftovers', async () => {
    const dir = freshDir();
    fs.mkdirSync(dir);
    for (let i = 0; i < 5; i++) {
      fs.writeFileSync(path.join(dir, `old${i}`), 'xx');
      fs.utimesSync(path.join(dir, `old${i}`), 1000 + i, 1000 + i);
    }
    fs.writeFileSync(path.join(dir, 'old9.1234.tmp'), 'partial');
    const cache = new FileCache(dir, { maxFiles: 3, maxBytes: 1e9 });
    await cache.init();
    expect(filesIn(dir)).toEqual(['old2', 'old3', 'old4']);
    await cache.dropPrefix('old3');
    expect(filesIn(dir)).toEqual(['old2', 'old4']);
  });

  it('many distinct image variants never grow the cache beyond its bound', async () => {
    const src = path.join(tmp, 'photo.png');
    await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0f4c5c' } }).png().toFile(src);
    const cache = new FileCache(freshDir(), { maxFiles: 5, maxBytes: 1e9 });
    await cache.init();
    for (let w = 1; w <= 40; w++) {
      const v = await imageVariant(src, '"e1"', { w }, 'png', cache, 'f-');
      expect((await sharp(v.path).metadata()).width).toBe(w);
      v.release();
      expect(filesIn(cache.dir).length).toBeLessThanOrEqual(5);
    }
    expect(cache.stats().files).toBe(5);
    // The most recent variants are still served from the cache.
    const again = await imageVariant(src, '"e1"', { w: 40 }, 'png', cache, 'f-');
    expect(filesIn(cache.dir)).toContain(path.basename(again.path));
    again.release();
  });
});

describe('blur bounds', () => {
  let photo: string;
  beforeAll(async () => {
    // A 12-megapixel photo-like image (noise, so nothing compresses away).
    photo = path.join(tmp, 'big.jpg');
    await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg().toFile(photo);
  });

  it('refuses a blur above the maximum with a 400, before any work', () => {
    expect(DEFAULT_MAX_BLUR).toBe(250);
    expect(maxBlurFromEnv({})).toBe(250);
    expect(maxBlurFromEnv({ STORAGE_IMAGE_MAX_BLUR: '20' })).toBe(20);
    expect(maxBlurFromEnv({ STORAGE_IMAGE_MAX_BLUR: '0' })).toBe(250);
    expect(parseImageParams({ b: '250' })).toEqual({ b: 250 });
    for (const b of ['250.5', '1000', '1e9', '99999999999999999999']) {
      const run = () => parseImageParams({ b });
      expect(run).toThrow(StorageError);
      expect(run).toThrow('image parameter b must be a blur sigma between 0.3 and 250');
    }
    expect(() => parseImageParams({ b: '30' }, 20)).toThrow('image parameter b must be a blur sigma between 0.3 and 20');
  });

  it('the widest accepted blur on a 12-megapixel photo takes well under a second of work, not seconds', async () => {
    const cache = new FileCache(freshDir(), { maxFiles: 10, maxBytes: 1e9 });
    await cache.init();
    const t = Date.now();
    const v = await imageVariant(photo, '"p1"', { b: 250 }, 'jpeg', cache, 'p-');
    const ms = Date.now() - t;
    // A direct sigma-250 blur of this image takes ~5 s on the CI machine; the shrunken blur well under one.
    expect(ms).toBeLessThan(2000);
    const meta = await sharp(v.path).metadata();
    expect([meta.width, meta.height]).toEqual([4000, 3000]);
    // Blurred for real: the noise is gone.
    const { channels } = await sharp(v.path).stats();
    expect(channels[0].stdev).toBeLessThan(3);
    v.release();
  });

  it('a wide blur after a resize keeps the asked size; a small blur still runs directly', async () => {
    const cache = new FileCache(freshDir(), { maxFiles: 10, maxBytes: 1e9 });
    await cache.init();
    // Black and white stripes 40 px wide: a small blur keeps them, a wide one makes them grey.
    const [width, height] = [1200, 900];
    const pixels = Buffer.alloc(width * height, 0);
    for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor((i % width) / 40) % 2 ? 255 : 0;
    const stripes = path.join(tmp, 'stripes.png');
    await sharp(pixels, { raw: { width, height, channels: 1 } }).png().toFile(stripes);
    const wide = await imageVariant(stripes, '"s1"', { w: 400, b: 120 }, 'webp', cache, 's-');
    expect(await sharp(wide.path).metadata()).toMatchObject({ format: 'webp', width: 400, height: 300 });
    const small = await imageVariant(stripes, '"s1"', { w: 400, b: 2 }, 'png', cache, 's-');
    // Stripe contrast: mean difference between pixels one stripe apart (13 px after the resize) along the middle row.
    const contrast = async (file: string) => {
      const { data, info } = await sharp(file).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
      const row = Math.floor(info.height / 2) * info.width;
      let sum = 0;
      for (let x = 0; x + 13 < info.width; x++) sum += Math.abs(data[row + x] - data[row + x + 13]);
      return sum / (info.width - 13);
    };
    expect(await contrast(small.path)).toBeGreaterThan(100);
    expect(await contrast(wide.path)).toBeLessThan(5);
    expect(await sharp(small.path).metadata()).toMatchObject({ width: 400, height: 300 });
  });
});
