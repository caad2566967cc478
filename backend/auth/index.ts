// The auth service, wire-compatible with hasura-auth: mounted at /v1/auth by backend/server.ts.
// Settings come from nhost/nhost.toml and the AUTH_* environment, read once here.
import express from 'express';
import type { BackendContext, Mailer, Service } from '../context';
import { AuthApp } from './app';
import { contractValidator } from './contract';
import { errorHandler, sendError } from './errors';
import { rateLimiter } from './rate-limit';
import { loadAuthSettings } from './settings';
import { registerEmailPassword } from './routes/email-password';
import { registerSession } from './routes/session';
import { registerTickets } from './routes/tickets';
import { registerPasswordless } from './routes/passwordless';
import { registerMfa } from './routes/mfa';
import { registerProviders } from './routes/providers';
import { registerWebauthn } from './routes/webauthn';

export { loadAuthSettings, type AuthSettings } from './settings';

export async function createAuthService(ctx: BackendContext, mailer: Mailer): Promise<Service> {
  const settings = loadAuthSettings(ctx.config);
  const app = new AuthApp(ctx, settings, mailer);
  const router = express.Router();

  router.use(rateLimiter(settings));
  router.use(express.json({ limit: '1mb' }));
  router.use(contractValidator((req, elevated) => app.authenticate(req, elevated)));
  registerEmailPassword(router, app);
  registerSession(router, app);
  registerTickets(router, app);
  registerPasswordless(router, app);
  registerMfa(router, app);
  registerProviders(router, app);
  registerWebauthn(router, app);
  router.use((_req, res) => sendError(res, 'not-found', false));
  router.use(errorHandler(settings.concealErrors, (m, e) => ctx.log.error(m, e)));
  return { router };
}
