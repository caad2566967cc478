// Serves the Nhost functions folder at /v1/functions/<path>: each file default-exports an
// Express-style (req, res) handler, given a parsed body, the caller's headers and the NHOST_*
// environment. A failing function answers a JSON 500; the server keeps running.
import fs from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import express, { type Request, type Response } from 'express';
import type { BackendContext, Service } from '../context';
import { functionsEnvironment } from './env';
import { failCall, runIsolated } from './isolation';
import { resolveFunctionFile } from './resolve';

type FunctionHandler = (req: Request, res: Response) => unknown;

/** The body's bytes before any decoding, on req.rawBody. body-parser reads each request into a
 * buffer of its own and never reuses it, so the bytes are kept as they are, not copied. */
function keepRawBody(req: IncomingMessage, _res: ServerResponse, buf: Buffer): void {
  (req as IncomingMessage & { rawBody?: Buffer }).rawBody = buf;
}

const DEFAULT_TIMEOUT_SECONDS = 60;

export async function createFunctionsService(ctx: Pick<BackendContext, 'config' | 'log'>): Promise<Service> {
  const { config, log } = ctx;
  const timeoutMs = Number(process.env.NHOST_FUNCTIONS_TIMEOUT ?? DEFAULT_TIMEOUT_SECONDS) * 1000;
  const router = express.Router();
  // Every parser keeps the bytes as received in req.rawBody (as Nhost's runtime does): a signature
  // check or a raw e-mail needs them, and text/* is decoded by its charset (UTF-8 if none is given).
  const verify = keepRawBody;
  router.use(express.json({ limit: '6mb', verify }));
  router.use(express.urlencoded({ extended: true, limit: '6mb', verify }));
  router.use(express.text({ type: 'text/*', limit: '6mb', verify }));
  router.use(express.raw({ type: 'application/octet-stream', limit: '6mb', verify }));

  router.use(async (req, res) => {
    const file = await resolveFunctionFile(config.functionsDir, req.path);
    const name = req.path.replace(/^\/+|\/+$/g, '') || 'index';
    if (!file) {
      res.status(404).json({ status: 404, error: 'not-found', message: `No function at /${name}` });
      return;
    }
    // The URLs point at this server; publicUrl may only be known once it listens.
    Object.assign(process.env, functionsEnvironment(config, process.env));
    const call = { name, res, log };
    const timer = setTimeout(() => {
      if (!res.headersSent) res.status(504).json({ status: 504, error: 'timeout', message: `Function ${name} did not answer in time` });
    }, timeoutMs);
    res.on('close', () => clearTimeout(timer));
    try {
      const handler = await loadHandler(file);
      if (!handler) {
        log.error(`function ${name}: ${file} has no default-exported (req, res) handler`);
        res.status(500).json({ status: 500, error: 'invalid-function', message: `Function ${name} has no default export` });
        return;
      }
      await runIsolated(call, () => Promise.resolve().then(() => handler(req, res)));
    } catch (err) {
      failCall(call, err);
    }
  });

  // Bad JSON and oversized bodies arrive here from the body parsers.
  router.use((err: unknown, _req: Request, res: Response, next: express.NextFunction) => {
    const status = typeof err === 'object' && err && 'status' in err && typeof err.status === 'number' ? err.status : 500;
    if (status >= 500) return next(err);
    res.status(status).json({ status, error: 'invalid-request', message: err instanceof Error ? err.message : 'Invalid request' });
  });

  return { router };
}

/** Imports the handler; the file's mtime in the URL makes an edited function load afresh. */
async function loadHandler(file: string): Promise<FunctionHandler | undefined> {
  const { mtimeMs } = await fs.stat(file);
  const mod: unknown = await import(`${pathToFileURL(file).href}?v=${Math.floor(mtimeMs)}`);
  return pickDefault(mod) ?? pickDefault(pickProp(mod, 'default'));
}

function pickProp(mod: unknown, key: string): unknown {
  return typeof mod === 'object' && mod !== null ? (mod as Record<string, unknown>)[key] : undefined;
}

function pickDefault(mod: unknown): FunctionHandler | undefined {
  if (typeof mod === 'function') return mod as FunctionHandler;
  const d = pickProp(mod, 'default');
  return typeof d === 'function' ? (d as FunctionHandler) : undefined;
}
