// Test function: echoes what the runtime hands a handler.
import type { Request, Response } from 'express';

export default function echo(req: Request, res: Response) {
  res.json({
    method: req.method,
    body: req.body ?? null,
    query: req.query,
    authorization: req.headers.authorization ?? null,
    custom: req.headers['x-custom'] ?? null,
    env: {
      auth: process.env.NHOST_AUTH_URL,
      graphql: process.env.NHOST_GRAPHQL_URL,
      storage: process.env.NHOST_STORAGE_URL,
      functions: process.env.NHOST_FUNCTIONS_URL,
      subdomain: process.env.NHOST_SUBDOMAIN,
      region: process.env.NHOST_REGION,
      adminSecret: process.env.NHOST_ADMIN_SECRET,
      jwtSecret: process.env.NHOST_JWT_SECRET,
      webhookSecret: process.env.NHOST_WEBHOOK_SECRET,
    },
  });
}
