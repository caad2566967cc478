// PLACEHOLDER until the storage service lands: answers 501 so the server starts.
import express from 'express';
import type { BackendContext, GraphqlEngine, Service } from '../context';

export async function createStorageService(_ctx: BackendContext, _engine: GraphqlEngine): Promise<Service> {
  const router = express.Router();
  router.use((_req, res) => res.status(501).json({ status: 501, error: 'not-implemented', message: 'Not implemented yet' }));
  return { router };
}
