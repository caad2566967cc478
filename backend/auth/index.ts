// PLACEHOLDER until the auth service lands: answers 501 so the server starts.
import express from 'express';
import type { BackendContext, Mailer, Service } from '../context';

export async function createAuthService(_ctx: BackendContext, _mailer: Mailer): Promise<Service> {
  const router = express.Router();
  router.use((_req, res) => res.status(501).json({ status: 501, error: 'not-implemented', message: 'Not implemented yet' }));
  return { router };
}
