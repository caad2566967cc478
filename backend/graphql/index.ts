// PLACEHOLDER until the engine lands.
import express from 'express';
import type { BackendConfig } from '../config';
import type { BackendContext, GraphqlEngine } from '../context';

export async function createGraphqlEngine(_ctx: BackendContext): Promise<GraphqlEngine> {
  const router = express.Router();
  router.use((_req, res) => res.status(501).json({ errors: [{ message: 'not implemented', extensions: { path: '$', code: 'unexpected' } }] }));
  return {
    router,
    attachWebSocket: () => undefined,
    execute: async () => ({ errors: [{ message: 'not implemented', extensions: { path: '$', code: 'unexpected' } }] }),
    close: async () => undefined,
  };
}

export async function printRoleSchema(_config: BackendConfig, _role: string): Promise<string> {
  return '';
}
