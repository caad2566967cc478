// Keeps a misbehaving function from taking the backend down. A handler that throws later (in a
// timer or an unawaited promise) surfaces as a process-level error; AsyncLocalStorage tells us
// which function request it came from, so that request gets a 500 and the server lives on.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Response } from 'express';
import type { Logger } from '../context';

interface FunctionCall {
  name: string;
  res: Response;
  log: Logger;
}

const current = new AsyncLocalStorage<FunctionCall>();
let installed = false;

export function runIsolated<T>(call: FunctionCall, fn: () => T): T {
  installProcessGuards();
  return current.run(call, fn);
}

export function failCall(call: FunctionCall, err: unknown): void {
  call.log.error(`function ${call.name} failed`, err);
  if (call.res.headersSent) {
    call.res.end();
    return;
  }
  call.res.status(500).json({ status: 500, error: 'internal-server-error', message: `Function ${call.name} failed` });
}

function installProcessGuards(): void {
  if (installed) return;
  installed = true;
  process.on('uncaughtException', (err) => {
    const call = current.getStore();
    if (call) return failCall(call, err);
    // Not ours: behave like Node without a listener, unless someone else (e.g. a test runner) listens.
    if (process.listenerCount('uncaughtException') === 1) {
      console.error(err);
      process.exit(1);
    }
  });
  process.on('unhandledRejection', (reason) => {
    const call = current.getStore();
    if (call) return failCall(call, reason);
    if (process.listenerCount('unhandledRejection') === 1) throw reason;
  });
}
