// What every auth route module shares: context, settings, sessions, mailer, and small helpers
// (server URL, mailed links, the Bearer caller, feature switches).
import type { Request } from 'express';
import { checkEmailAllowed } from './validate';
import type { BackendContext, Mailer } from '../context';
import { AuthError } from './errors';
import { callerOf, Sessions, type Caller } from './sessions';
import type { AuthSettings } from './settings';
import { findUserBy, type UserRow } from './users';

/** Callers accepted by the contract's Bearer check, per request. */
const callers = new WeakMap<Request, Caller>();

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

  /**
   * The contract's Bearer check (contract.ts): verifies the token once per request and, for
   * BearerAuthElevated operations, the elevated claim the way hasura-auth's JWTGetter does.
   */
  async authenticate(req: Request, elevated: boolean): Promise<boolean> {
    const caller = await callerOf(req, this.ctx, this.sessions.namespace);
    if (elevated && !(await this.elevationSatisfied(req.path, caller))) return false;
    callers.set(req, caller);
    return true;
  }

  /**
   * AUTH_REQUIRE_ELEVATED_CLAIM: `disabled` never asks; `recommended` asks only users who have a
   * security key; `required` always asks, except for adding a first key (go/controller/jwt.go).
   */
  private async elevationSatisfied(path: string, caller: Caller): Promise<boolean> {
    const mode = this.s.requireElevatedClaim;
    if (mode === 'disabled' || caller.elevated) return true;
    const optional = mode === 'recommended' || path === '/user/webauthn/add' || path === '/user/webauthn/verify';
    if (!optional) return false;
    const { rows } = await this.db.query<{ n: number | string }>('SELECT count(*) AS n FROM auth.user_security_keys WHERE user_id = $1', [caller.userId]);
    return Number(rows[0]?.n ?? 0) === 0;
  }

  /** The caller the contract check accepted; none (optional security, bad token) is invalid-request. */
  caller(req: Request): Caller {
    const caller = callers.get(req);
    if (!caller) throw new AuthError('invalid-request');
    return caller;
  }

  /** The accepted caller, if any (endpoints whose Bearer token is optional). */
  callerOrUndefined(req: Request): Caller | undefined {
    return callers.get(req);
  }

  /** The caller's user row, checked like hasura-auth's GetUserFromJWTInContext (ValidateUser). */
  async callerUser(req: Request): Promise<{ caller: Caller; user: UserRow }> {
    const caller = this.caller(req);
    const user = await findUserBy(this.db, 'id', caller.userId);
    // A token of a deleted user: GetUser answers ErrInvalidEmailPassword.
    if (!user) throw new AuthError('invalid-email-password');
    this.validateUser(user);
    return { caller, user };
  }

  /** workflows.go ValidateUser: e-mail access lists, disabled, unverified (when required), anonymous. */
  validateUser(user: UserRow): void {
    if (!user.is_anonymous && user.email !== null) checkEmailAllowed(user.email, this.s);
    if (user.disabled) throw new AuthError('disabled-user');
    if (!user.email_verified && this.s.emailVerificationRequired) throw new AuthError('unverified-user');
    if (user.is_anonymous) throw new AuthError('forbidden-anonymous');
  }

  requireEnabled(flag: boolean): void {
    if (!flag) throw new AuthError('disabled-endpoint');
  }

  /** Creating a user: sign-up switched off, or new users disabled. */
  requireSignupAllowed(): void {
    if (this.s.signupDisabled) throw new AuthError('signup-disabled');
  }
}
