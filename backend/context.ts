// What every backend service receives: settings, the database, the JWT keys and a logger.
// Services are created in order db -> graphql -> mail -> auth -> storage -> functions.
import type { Request, Response, NextFunction, Router } from 'express';
import type http from 'node:http';
import type { BackendConfig } from './config';
import type { Db } from './db';
import type { JwtKeys } from './jwt';

export interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string, err?: unknown): void;
}

export interface BackendContext {
  config: BackendConfig;
  db: Db;
  jwt: JwtKeys;
  log: Logger;
}

/** A GraphQL request as it arrives at /v1/graphql. */
export interface GraphqlRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

/** Request headers, lower-cased names. */
export type Headers = Record<string, string | undefined>;

export interface GraphqlEngine {
  /** Express router serving POST /v1/graphql (mounted at /v1/graphql). */
  router: Router;
  /** Serves subscriptions on the same path over WebSocket (graphql-transport-ws and legacy graphql-ws). */
  attachWebSocket(server: http.Server, path: string): void;
  /**
   * Runs one request as the caller the headers describe (Authorization / x-hasura-admin-secret /
   * x-hasura-role / x-hasura-*), exactly as over HTTP: returns Hasura's response body.
   * Storage uses it to replay the caller's permissions on storage.files.
   */
  execute(request: GraphqlRequest, headers: Headers): Promise<{ data?: unknown; errors?: HasuraError[] }>;
  close(): Promise<void>;
}

export interface HasuraError {
  message: string;
  extensions: { path: string; code: string; internal?: unknown };
}

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text?: string;
  /** Which template produced it (e.g. email-verify), for tests reading the outbox. */
  template?: string;
  /** Extra headers (Message-ID, In-Reply-To, References, Reply-To) for mail that must thread. */
  headers?: Record<string, string>;
}

export interface SmsMessage {
  to: string;
  body: string;
  template?: string;
}

export interface Mailer {
  /** Renders nhost/emails/<locale>/<template>/{subject.txt,body.html} with ${var} placeholders. */
  sendTemplate(template: string, locale: string, to: string, vars: Record<string, string>): Promise<void>;
  sendSms(template: string, locale: string, to: string, vars: Record<string, string>): Promise<void>;
  /** The dev outbox (newest last); empty when SMTP is configured. */
  outbox(): ReadonlyArray<MailMessage | SmsMessage>;
  /** Express router for the dev outbox page and JSON (mounted at /dev/outbox). */
  router: Router;
}

export interface Service {
  router: Router;
  close?(): Promise<void>;
}

export type Handler = (req: Request, res: Response, next: NextFunction) => void;
