// Runs the MRZ reader (mrzReader.cjs) off the main thread, so a scan never stalls the backend's
// other requests: at most MRZ_WORKERS photos are read at once, MRZ_WAITING more wait their turn
// (beyond that the guest is asked to retry: 'busy'), and a photo not read within the time limit
// loses its worker (terminated, a fresh one starts on the next scan): 'timeout'.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { serveMrzReads } from './mrzReader.cjs';

/** Marks a worker started from the function's own bundle as the MRZ reader. */
const READER_FLAG = 'staydeskMrzReader';

// A bundler (Nhost Cloud bundles each function into one file) keeps what is imported and drops
// mrzWorker.mjs, which only a path names. So when that file is not beside this module, the reader
// thread runs the bundle itself, and this is where a thread started that way becomes the reader.
if (!isMainThread && parentPort && (workerData as Record<string, unknown> | null)?.[READER_FLAG] === true) serveMrzReads(parentPort);

const WORKER_FILE = path.join(__dirname, 'mrzWorker.mjs');

/** The sources' worker file where it exists, else this very file (the bundle) flagged as the reader. */
function newReaderThread(): Worker {
  if (fs.existsSync(WORKER_FILE)) return new Worker(WORKER_FILE);
  return new Worker(__filename, { workerData: { [READER_FLAG]: true } });
}
/** One reader per spare core (at least one, at most two): the main thread keeps a core. */
export const MRZ_WORKERS = Math.max(1, Math.min(2, os.availableParallelism() - 1));
/** Photos waiting for a reader: with the time limit, the last one still answers within a minute. */
export const MRZ_WAITING = 2;
/** A legible photo reads in 2-8 s on a busy 2-core machine; anything slower is given up. */
const DEFAULT_TIME_LIMIT_MS = 20_000;
/** An idle reader holds the OCR model (tens of MB): it ends after two idle minutes. */
const IDLE_MS = 120_000;

export const scanTimeLimitMs = () => Number(process.env.JOURNEY_SCAN_TIME_LIMIT_MS) || DEFAULT_TIME_LIMIT_MS;

export interface DecodedPhoto {
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}

type Reply = { type: 'ready' } | { type: 'lines'; lines: string[] | null };
type Outcome = { ok: true; attempts: (string[] | null)[] } | { ok: false; reason: 'busy' | 'timeout' };

interface Reader {
  worker: Worker;
  idle?: NodeJS.Timeout;
}

const idleReaders: Reader[] = [];
let running = 0;
const waiting: (() => void)[] = [];

function startReader(): Reader {
  const worker = newReaderThread();
  worker.unref();
  const reader: Reader = { worker };
  // A reader that fails while idle leaves the pool (an 'error' nobody listens to would end the process).
  const forget = () => {
    const at = idleReaders.indexOf(reader);
    if (at >= 0) idleReaders.splice(at, 1);
  };
  worker.on('error', forget);
  worker.on('exit', forget);
  return reader;
}

function release(reader: Reader): void {
  reader.worker.unref();
  reader.idle = setTimeout(() => {
    const at = idleReaders.indexOf(reader);
    if (at >= 0) idleReaders.splice(at, 1);
    void reader.worker.terminate();
  }, IDLE_MS);
  reader.idle.unref();
  idleReaders.push(reader);
}

/** The worker's next answer, or its failure (it threw or exited). */
function nextReply(worker: Worker): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const onMessage = (reply: Reply) => (cleanup(), resolve(reply));
    const onError = (err: Error) => (cleanup(), reject(err));
    const onExit = (code: number) => (cleanup(), reject(new Error(`MRZ reader exited (${code})`)));
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });
}

/**
 * Reads the photo's MRZ lines in a worker: each attempt's lines (null when it found none), asked
 * one by one while `enough` says the readings so far do not give a checked MRZ.
 */
export async function readMrzInWorker(photo: DecodedPhoto, attempts: number, enough: (found: readonly (string[] | null)[]) => boolean): Promise<Outcome> {
  if (running >= MRZ_WORKERS) {
    if (waiting.length >= MRZ_WAITING) return { ok: false, reason: 'busy' };
    // The finishing photo hands its slot over (running stays the same).
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  const reader = idleReaders.pop() ?? startReader();
  clearTimeout(reader.idle);
  reader.worker.ref();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), scanTimeLimitMs())));
  let healthy = true;
  const work = async (): Promise<(string[] | null)[]> => {
    // A copy the worker owns (sharp's buffer may be a slice of a shared pool).
    const data = new Uint8Array(photo.data);
    reader.worker.postMessage({ type: 'image', width: photo.width, height: photo.height, channels: photo.channels, data }, [data.buffer]);
    await nextReply(reader.worker);
    const found: (string[] | null)[] = [];
    for (let attempt = 0; attempt < attempts; attempt++) {
      reader.worker.postMessage({ type: 'read', attempt });
      const reply = await nextReply(reader.worker);
      const lines = reply.type === 'lines' ? reply.lines : null;
      found.push(lines);
      if (lines && enough(found)) break;
    }
    reader.worker.postMessage({ type: 'drop' });
    return found;
  };
  const job = work();
  // After a timeout the terminated worker fails the abandoned job: nobody waits for it any more.
  job.catch(() => undefined);
  try {
    const result = await Promise.race([job, deadline]);
    if (result === 'timeout') {
      healthy = false;
      return { ok: false, reason: 'timeout' };
    }
    return { ok: true, attempts: result };
  } catch (err) {
    healthy = false;
    throw err;
  } finally {
    clearTimeout(timer);
    if (healthy) release(reader);
    else void reader.worker.terminate();
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}
