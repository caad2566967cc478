// The two GraphQL-over-WebSocket wire protocols Hasura speaks on /v1/graphql: reading client
// messages into one shape, and writing server messages in each protocol's own shape.
//   graphql-transport-ws: the graphql-ws library (connection_init/ack, ping/pong, subscribe, next, error, complete)
//   graphql-ws:           legacy Apollo subscriptions-transport-ws (connection_init/ack, ka, start, data, error, stop, complete)
import type { GraphqlRequest, HasuraError } from '../types';

export const TRANSPORT_WS = 'graphql-transport-ws';
export const LEGACY_WS = 'graphql-ws';
export type SubProtocol = typeof TRANSPORT_WS | typeof LEGACY_WS;

/** Picks the sub-protocol as Hasura does: graphql-transport-ws when offered, anything else is the legacy protocol. */
export function chooseProtocol(offered: ReadonlySet<string>): SubProtocol | false {
  if (offered.has(TRANSPORT_WS)) return TRANSPORT_WS;
  if (offered.has(LEGACY_WS)) return LEGACY_WS;
  return false;
}

export function protocolOf(accepted: string): SubProtocol {
  return accepted === TRANSPORT_WS ? TRANSPORT_WS : LEGACY_WS;
}

/** A client message of either protocol (Hasura accepts every message type on both). */
export type ClientMessage =
  | { type: 'init'; payload: unknown }
  | { type: 'start'; id: string; request: GraphqlRequest }
  | { type: 'stop'; id: string }
  | { type: 'ping'; payload: unknown }
  | { type: 'pong' }
  | { type: 'terminate' };

export type ParseResult = { ok: true; message: ClientMessage } | { ok: false; error: string };

export function parseClientMessage(raw: string): ParseResult {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, error: 'message is not valid JSON' };
  }
  if (!isObject(value)) return { ok: false, error: 'message must be a JSON object' };
  const type = value.type;
  switch (type) {
    case 'connection_init':
      return { ok: true, message: { type: 'init', payload: value.payload } };
    case 'subscribe':
    case 'start': {
      const id = readId(value.id);
      if (id === undefined) return { ok: false, error: `"${type}" needs a non-empty string "id"` };
      const request = readRequest(value.payload);
      if (typeof request === 'string') return { ok: false, error: request };
      return { ok: true, message: { type: 'start', id, request } };
    }
    case 'complete':
    case 'stop': {
      const id = readId(value.id);
      if (id === undefined) return { ok: false, error: `"${type}" needs a non-empty string "id"` };
      return { ok: true, message: { type: 'stop', id } };
    }
    case 'ping':
      return { ok: true, message: { type: 'ping', payload: value.payload } };
    case 'pong':
      return { ok: true, message: { type: 'pong' } };
    case 'connection_terminate':
      return { ok: true, message: { type: 'terminate' } };
    default:
      return { ok: false, error: `unexpected type for ClientMessage: ${typeof type === 'string' ? type : JSON.stringify(type ?? null)}` };
  }
}

function readId(id: unknown): string | undefined {
  return typeof id === 'string' && id.length > 0 && id.length <= 256 ? id : undefined;
}

function readRequest(payload: unknown): GraphqlRequest | string {
  if (!isObject(payload)) return 'the operation "payload" must be an object';
  const { query, variables, operationName } = payload;
  if (typeof query !== 'string') return 'the operation payload needs a string "query"';
  if (variables !== undefined && variables !== null && !isObject(variables)) return '"variables" must be an object';
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return '"operationName" must be a string';
  return { query, variables: variables ?? null, operationName: operationName ?? null };
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Server messages, written once per protocol. Data arrives as JSON text so one result is serialised once for all its subscribers. */
export interface ServerMessages {
  ack(): string;
  keepAlive(): string;
  pong(payload: unknown): string | undefined;
  /** A result: `payloadJson` is the whole GraphQL response object as JSON text ({"data":...} or {"errors":[...]}). */
  data(id: string, payloadJson: string): string;
  /** Operation failed before running (validation, parse...) or as a whole. */
  error(id: string, errors: HasuraError[]): string;
  complete(id: string): string;
}

const transportMessages: ServerMessages = {
  ack: () => '{"type":"connection_ack"}',
  keepAlive: () => '{"type":"ping","payload":{"message":"keepalive"}}',
  pong: (payload) => JSON.stringify(payload === undefined ? { type: 'pong' } : { type: 'pong', payload }),
  data: (id, payloadJson) => `{"type":"next","id":${JSON.stringify(id)},"payload":${payloadJson}}`,
  // graphql-ws wants the error list itself as the payload (hasura/graphql-engine#7706).
  error: (id, errors) => JSON.stringify({ type: 'error', id, payload: errors }),
  complete: (id) => JSON.stringify({ type: 'complete', id }),
};

const legacyMessages: ServerMessages = {
  ack: () => '{"type":"connection_ack"}',
  keepAlive: () => '{"type":"ka"}',
  pong: () => undefined,
  data: (id, payloadJson) => `{"type":"data","id":${JSON.stringify(id)},"payload":${payloadJson}}`,
  error: (id, errors) => JSON.stringify({ type: 'error', id, payload: { errors } }),
  complete: (id) => JSON.stringify({ type: 'complete', id }),
};

export function messagesFor(protocol: SubProtocol): ServerMessages {
  return protocol === TRANSPORT_WS ? transportMessages : legacyMessages;
}

export function connectionErrorMessage(message: string): string {
  return JSON.stringify({ type: 'connection_error', payload: message });
}

/** Close codes of the graphql-transport-ws protocol (and what Hasura uses for the legacy one). */
export const CloseCode = {
  Normal: 1000,
  /** "Service restart": clients reconnect (Hasura closes with it when its state changes). */
  Restart: 1012,
  BadRequest: 4400,
  Unauthorized: 4401,
  Forbidden: 4403,
  ConnectionInitTimeout: 4408,
  SubscriberAlreadyExists: 4409,
  TooManyInitRequests: 4429,
} as const;

const MAX_CLOSE_REASON_BYTES = 123;

/**
 * Close reason in Hasura's form, `{"server_error_msg":"4400: <text>"}`, shortened so the frame
 * stays within the 123 bytes a WebSocket close reason may carry.
 */
export function closeReason(code: number, text: string): string {
  const full = [...text];
  let chars = full.slice(0, MAX_CLOSE_REASON_BYTES);
  for (;;) {
    const shortened = chars.length < full.length;
    const reason = JSON.stringify({ server_error_msg: `${code}: ${chars.join('')}${shortened ? '...' : ''}` });
    if (Buffer.byteLength(reason) <= MAX_CLOSE_REASON_BYTES) return reason;
    if (chars.length === 0) return JSON.stringify({ server_error_msg: String(code) });
    chars = chars.slice(0, -1);
  }
}

export function startFailed(message: string): HasuraError {
  return { message, extensions: { path: '$', code: 'start-failed' } };
}
