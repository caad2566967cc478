// What every auth route module shares: context, settings, sessions, mailer, and small helpers
// (server URL, mailed links, the Bearer caller, feature switches).
import type { Request } from 'express';
import type { BackendContext, Mailer } from '../context';
import { AuthError } from './errors';
import { callerOf, Sessions, type Caller } from './sessions';
import type { AuthSettings } from './settings';
import { findUserBy, type UserRow } from './users';

export type LinkType = 'emailVerify' | 'emailConfirmChange' | 'signinPasswordless' | 'passwordReset';

export class AuthApp {
  readonly sessions: Sessions;

  constructor(
    readonly ctx: BackendContext,
    readonly s: AuthSettings,
    readonly mailer: Mailer,
  ) {
    this.sessions = new Sessions(ctx, s);
  }

  get db() {
    return this.ctx.db;
  }

  /** AUTH_SERVER_URL, else the public URL, else (tests on port 0) the address the request came to. */
  serverUrl(req: Request): string {
    if (this.s.serverUrl) return this.s.serverUrl;
    return `${req.protocol}://${req.get('host') ?? 'localhost'}${req.baseUrl}`;
  }

  link(req: Request, type: LinkType, ticket: string, redirectTo: string): string {
    const q = new URLSearchParams({ ticket, type, redirectTo });
    return `${this.serverUrl(req)}/verify?${q.toString()}`;
  }

  templateVars(req: Request, user: UserRow, extra: Record<string, string>): Record<string, string> {
    return {
      displayName: user.display_name,
      email: user.email ?? '',
      newEmail: user.new_email ?? '',
      locale: user.locale,
      serverUrl: this.serverUrl(req),
      clientUrl: this.s.clientUrl,
      redirectTo: '',
      ticket: '',
      link: '',
      code: '',
      ...extra,
    };
  }

  async sendLink(req: Request, template: string, user: UserRow, to: string, type: LinkType, ticket: string, redirectTo: string): Promise<void> {
    const link = this.link(req, type, ticket, redirectTo);
    await this.mailer.sendTemplate(template, user.locale, to, this.templateVars(req, user, { link, ticket, redirectTo }));
  }

  async caller(req: Request): Promise<Caller> {
    return callerOf(req, this.ctx, this.sessions.namespace);
  }

  /** The caller's user row; a token for a deleted user is unauthenticated. */
  async callerUser(req: Request): Promise<{ caller: Caller; user: UserRow }> {
    const caller = await this.caller(req);
    const user = await findUserBy(this.db, 'id', caller.userId);
    if (!user) throw new AuthError('unauthenticated-user');
    if (user.disabled) throw new AuthError('disabled-user');
    return { caller, user };
  }

  requireEnabled(flag: boolean): void {
    if (!flag) throw new AuthError('disabled-endpoint');
  }

  /** Creating a user: sign-up switched off, or new users disabled. */
  requireSignupAllowed(): void {
    if (this.s.signupDisabled) throw new AuthError('signup-disabled');
  }
}
