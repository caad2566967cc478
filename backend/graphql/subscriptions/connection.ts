// One WebSocket client: connection_init and authentication, its operations (live queries through
// the hub, queries and mutations through deps.execute), keep-alive, and protocol errors as Hasura answers them.
import type { WebSocket } from 'ws';
import { parse, getOperationAST, type OperationTypeNode } from 'graphql';
import type { EngineSession, GraphqlRequest, Headers, HasuraError, SubscriptionDeps } from '../types';
import type { Logger } from '../../context';
import type { LiveQueryHub } from './liveQueries';
import {
  CloseCode,
  LEGACY_WS,
  TRANSPORT_WS,
  closeReason,
  connectionErrorMessage,
  isObject,
  messagesFor,
  parseClientMessage,
  startFailed,
  type ClientMessage,
  type ParseResult,
  type ServerMessages,
  type SubProtocol,
} from './protocol';

export interface ConnectionSettings {
  connectionInitTimeoutMs: number;
  keepAliveMs: number;
  /** Operations (live subscriptions and queries/mutations still running) one socket may hold at once. */
  maxOperations: number;
  log?: Logger;
}

/** Upgrade-request headers that say nothing about the caller. */
const TRANSPORT_HEADERS = new Set(['sec-websocket-key', 'sec-websocket-version', 'sec-websocket-extensions', 'sec-websocket-protocol', 'upgrade', 'connection']);

/** Errors that mean "the request never ran": the legacy protocol answers them with `error`, others with `data`. */
const PRE_EXECUTION_CODES = new Set(['validation-failed', 'parse-failed', 'bad-request', 'invalid-params', 'invalid-headers', 'access-denied', 'not-supported']);

type Operation = { stop(): void };

const MAX_TIMER_MS = 2 ** 31 - 1;

export class Connection {
  private readonly messages: ServerMessages;
  private state: 'waiting' | 'ready' | 'failed' | 'closed' = 'waiting';
  private session: EngineSession | undefined;
  private readonly operations = new Map<string, Operation>();
  private inbox: Promise<void> = Promise.resolve();
  private initTimer: NodeJS.Timeout | undefined;
  private keepAliveTimer: NodeJS.Timeout | undefined;
  private expiryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly socket: WebSocket,
    readonly protocol: SubProtocol,
    private readonly upgradeHeaders: Headers,
    private readonly deps: SubscriptionDeps,
    private readonly hub: LiveQueryHub,
    private readonly settings: ConnectionSettings,
  ) {
    this.messages = messagesFor(protocol);
    this.initTimer = setTimeout(() => {
      // Timers run before pending socket reads: after a blocked event loop, let a connection_init that already arrived be read first.
      setImmediate(() => {
        if (this.state === 'waiting' && this.initTimer) this.close(CloseCode.ConnectionInitTimeout, 'Connection initialisation timeout');
      });
    }, settings.connectionInitTimeoutMs);
    socket.on('message', (data, isBinary) => {
      const text = isBinary ? undefined : Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString();
      const parsed = text === undefined ? ({ ok: false, error: 'binary messages are not supported' } as const) : parseClientMessage(text);
      // The init timeout is about the client: once its connection_init is here, a slow authentication must not close it.
      if (parsed.ok && parsed.message.type === 'init' && this.initTimer) {
        clearTimeout(this.initTimer);
        this.initTimer = undefined;
      }
      // Messages of one connection are handled in order, one after the other (init must finish before a start).
      this.inbox = this.inbox.then(() => this.receive(parsed)).catch((err) => this.settings.log?.error('websocket message failed', err));
    });
    socket.on('close', () => this.dispose());
    socket.on('error', (err) => this.settings.log?.warn(`websocket error: ${err.message}`));
  }

  /** Closes the socket with a code and a Hasura-style reason, ending every operation. */
  close(code: number, text: string, rawReason = false): void {
    if (this.state === 'closed') return;
    this.dispose();
    try {
      this.socket.close(code, rawReason ? text : closeReason(code, text));
    } catch {
      this.socket.terminate();
    }
  }

  private dispose(): void {
    this.state = 'closed';
    if (this.initTimer) clearTimeout(this.initTimer);
    if (this.keepAliveTimer) clearInterval(this.keepAliveTimer);
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.initTimer = this.keepAliveTimer = this.expiryTimer = undefined;
    for (const op of this.operations.values()) op.stop();
    this.operations.clear();
  }

  private send(text: string): void {
    if (this.state !== 'closed' && this.socket.readyState === this.socket.OPEN) this.socket.send(text);
  }

  private async receive(parsed: ParseResult): Promise<void> {
    if (this.state === 'closed') return;
    if (!parsed.ok) {
      const message = `parsing ClientMessage failed: ${parsed.error}`;
      if (this.protocol === TRANSPORT_WS) this.close(CloseCode.BadRequest, `Parsing client message failed: ${message}`);
      else this.send(connectionErrorMessage(message));
      return;
    }
    await this.handle(parsed.message);
  }

  private async handle(message: ClientMessage): Promise<void> {
    switch (message.type) {
      case 'init':
        return this.init(message.payload);
      case 'start':
        return this.start(message.id, message.request);
      case 'stop': {
        const op = this.operations.get(message.id);
        op?.stop();
        this.operations.delete(message.id);
        return;
      }
      case 'ping': {
        const pong = this.messages.pong(message.payload);
        if (pong) this.send(pong);
        return;
      }
      case 'pong':
        return;
      case 'terminate':
        this.close(CloseCode.Normal, 'GQL_CONNECTION_TERMINATE received', true);
        return;
    }
  }

  private async init(payload: unknown): Promise<void> {
    if (this.protocol === TRANSPORT_WS && this.state !== 'waiting') {
      this.close(CloseCode.TooManyInitRequests, 'Too many initialisation requests');
      return;
    }
    let result;
    try {
      result = await this.deps.authenticate({ ...this.upgradeHeaders, ...initHeaders(payload) });
    } catch (err) {
      this.settings.log?.error('websocket authentication failed', err);
      result = { ok: false as const, error: { message: 'internal error', extensions: { path: '$', code: 'unexpected' } } };
    }
    if (this.state === 'closed') return;
    if (!result.ok) {
      this.state = 'failed';
      if (this.protocol === TRANSPORT_WS) {
        this.close(CloseCode.Forbidden, `Forbidden: ${result.error.message}`);
      } else {
        this.send(connectionErrorMessage(result.error.message));
        this.close(CloseCode.BadRequest, `Connection initialization failed: ${result.error.message}`);
      }
      return;
    }
    this.session = result.session;
    this.state = 'ready';
    if (this.initTimer) clearTimeout(this.initTimer);
    this.initTimer = undefined;
    this.send(this.messages.ack());
    this.startKeepAlive();
    if (result.session.expiresAt !== undefined) this.endAt(result.session.expiresAt);
    else if (this.expiryTimer) clearTimeout(this.expiryTimer);
  }

  /**
   * A socket's session lives no longer than its JWT. As in Hasura, the connection is dropped when
   * the token expires (the client sees 1006 and reconnects with its fresh token), so a signed-out
   * or demoted user stops receiving data.
   */
  private endAt(expiresAt: number): void {
    // setTimeout holds at most ~24.8 days; a longer token is checked again when that runs out.
    const delay = Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS);
    // A new connection_init (legacy protocol) brings a new token and so a new end.
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = setTimeout(() => {
      if (this.state === 'closed') return;
      if (Date.now() < expiresAt) return this.endAt(expiresAt);
      this.settings.log?.info('websocket closed: JWT expired');
      this.dispose();
      this.socket.terminate();
    }, delay);
    this.expiryTimer.unref?.();
  }

  private startKeepAlive(): void {
    if (this.keepAliveTimer || this.settings.keepAliveMs <= 0) return;
    // The legacy client expects `ka` right after the ack (it arms its own timeout with it).
    if (this.protocol === LEGACY_WS) this.send(this.messages.keepAlive());
    this.keepAliveTimer = setInterval(() => this.send(this.messages.keepAlive()), this.settings.keepAliveMs);
    this.keepAliveTimer.unref?.();
  }

  private start(id: string, request: GraphqlRequest): void {
    if (this.state !== 'ready' || !this.session) {
      if (this.protocol === TRANSPORT_WS) {
        this.close(CloseCode.Unauthorized, 'Unauthorized');
      } else {
        const why = this.state === 'failed' ? 'cannot start as connection_init failed' : 'start received before the connection is initialised';
        this.send(JSON.stringify({ type: 'error', id, payload: startFailed(why) }));
        this.send(this.messages.complete(id));
      }
      return;
    }
    if (this.operations.has(id)) {
      if (this.protocol === TRANSPORT_WS) {
        this.close(CloseCode.SubscriberAlreadyExists, `Subscriber for ${id} already exists`);
      } else {
        this.send(JSON.stringify({ type: 'error', id, payload: startFailed(`an operation already exists with this id: ${id}`) }));
      }
      return;
    }
    // Over the cap only this operation is refused (graphql-ws: `error` for its id; legacy: `error`
    // then `complete`); the socket and its other operations go on.
    if (this.operations.size >= this.settings.maxOperations) {
      this.failOperation(id, [startFailed(`too many operations on this connection: at most ${this.settings.maxOperations} may be active at once`)]);
      return;
    }
    if (operationType(request) === 'subscription') this.startLiveQuery(id, this.session, request);
    else this.runOnce(id, this.session, request);
  }

  private startLiveQuery(id: string, session: EngineSession, request: GraphqlRequest): void {
    let prepared;
    try {
      prepared = this.deps.prepare(session, request);
    } catch (err) {
      this.settings.log?.error('subscription preparation failed', err);
      prepared = { ok: false as const, errors: [{ message: 'internal error', extensions: { path: '$', code: 'unexpected' } }] };
    }
    if (!prepared.ok) {
      this.failOperation(id, prepared.errors);
      return;
    }
    // Registered before subscribing: the hub may push a cached result synchronously.
    const op: Operation = { stop: () => undefined };
    this.operations.set(id, op);
    op.stop = this.hub.subscribe(prepared.subscription, {
      push: (responseJson) => {
        if (this.operations.get(id) === op) this.send(this.messages.data(id, responseJson));
      },
    });
  }

  private runOnce(id: string, session: EngineSession, request: GraphqlRequest): void {
    let cancelled = false;
    const op: Operation = { stop: () => (cancelled = true) };
    this.operations.set(id, op);
    const done = (send: () => void) => {
      if (cancelled || this.operations.get(id) !== op) return;
      this.operations.delete(id);
      send();
    };
    this.deps.execute(session, request).then(
      (result) =>
        done(() => {
          if (result.data === undefined && result.errors?.length) {
            const preExecution = result.errors.some((e) => PRE_EXECUTION_CODES.has(e.extensions.code));
            if (this.protocol === TRANSPORT_WS || preExecution) return this.failOperation(id, result.errors);
          }
          this.send(this.messages.data(id, JSON.stringify(result)));
          this.send(this.messages.complete(id));
        }),
      (err: unknown) =>
        done(() => {
          this.settings.log?.error('websocket query failed', err);
          this.failOperation(id, [{ message: 'internal error', extensions: { path: '$', code: 'unexpected' } }]);
        }),
    );
  }

  /** An operation that cannot run: `error` (graphql-ws ends the operation with it; the legacy client also gets `complete`, as Hasura sends). */
  private failOperation(id: string, errors: HasuraError[]): void {
    this.operations.delete(id);
    this.send(this.messages.error(id, errors));
    if (this.protocol === LEGACY_WS) this.send(this.messages.complete(id));
  }
}

/** The document's operation type; undefined when it does not parse (the engine then reports the Hasura-shaped error). */
function operationType(request: GraphqlRequest): OperationTypeNode | undefined {
  try {
    return getOperationAST(parse(request.query, { maxTokens: 200_000 }), request.operationName ?? undefined)?.operation;
  } catch {
    return undefined;
  }
}

/** Headers from a connection_init payload: `{headers: {...}}` as Nhost and Apollo send them, or the same keys at the top level. */
export function initHeaders(payload: unknown): Headers {
  const out: Headers = {};
  if (!isObject(payload)) return out;
  const take = (source: Record<string, unknown>) => {
    for (const [name, value] of Object.entries(source)) {
      if (typeof value === 'string') out[name.toLowerCase()] = value;
    }
  };
  take(payload);
  if (isObject(payload.headers)) take(payload.headers);
  return out;
}

/** Upgrade-request headers minus the WebSocket handshake ones, lower-cased. */
export function requestHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const out: Headers = {};
  for (const [name, value] of Object.entries(raw)) {
    const key = name.toLowerCase();
    if (TRANSPORT_HEADERS.has(key) || value === undefined) continue;
    out[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
