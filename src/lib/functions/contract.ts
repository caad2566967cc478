// One place for what a `functions/` endpoint takes and answers: a Yup schema for the request body
// and one for the response, shared by the function (which validates what arrives) and the web app
// (which validates what comes back), so both sides are typed from the same definition. Yup because
// the forms already use it: a form's schema can be a contract's request schema as it is.
import type { AnyObject, InferType, ObjectSchema, Schema, ValidationError } from 'yup';

export interface FunctionContract<Req extends AnyObject, Res> {
  /** The path under /v1/functions, e.g. "/quote". */
  path: string;
  request: ObjectSchema<Req>;
  response: Schema<Res>;
}

export type RequestOf<C> = C extends FunctionContract<infer Req, unknown> ? Req : never;
export type ResponseOf<C> = C extends FunctionContract<AnyObject, infer Res> ? Res : never;

export function defineFunction<RequestSchema extends ObjectSchema<AnyObject>, ResponseSchema extends Schema<unknown>>(
  path: string,
  request: RequestSchema,
  response: ResponseSchema,
): FunctionContract<InferType<RequestSchema>, InferType<ResponseSchema>> {
  return { path, request: request as unknown as ObjectSchema<InferType<RequestSchema>>, response: response as Schema<InferType<ResponseSchema>> };
}

/** The 400 body every function answers an invalid request with. */
export interface InvalidBody {
  status: 400;
  error: 'invalid-body' | 'unknown-field';
  /** The failing field's own code, when its schema declares one (ErrorCodes); a function may answer it as `error`. */
  code?: string;
  field?: string;
  message: string;
}

/**
 * A field's own 400 codes, by the name of the rule it failed ("max", "matches", "typeError"...),
 * `default` for any other: `yup.array(...).max(20).meta({ errors: { default: 'invalid-uuid', max: 'too-many-fees' } })`.
 * The answer then names the top-level field and carries the code.
 */
export interface ErrorCodes {
  errors?: Record<string, string>;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; error: InvalidBody };

function invalid(request: { fields: Record<string, unknown> }, error: unknown): InvalidBody {
  const e = error as ValidationError;
  if (e.type === 'noUnknown') {
    // Yup names the unknown keys in params, not in the path (the path is the object's).
    const unknown = String((e.params as { unknown?: unknown } | undefined)?.unknown ?? '').split(',')[0].trim();
    return { status: 400, error: 'unknown-field', field: unknown || e.path || undefined, message: e.message };
  }
  const top = e.path ? e.path.split(/[.[]/)[0] : '';
  const field = top ? (request.fields[top] as Partial<Schema> | undefined) : undefined;
  const codes = typeof field?.describe === 'function' ? (field.describe() as { meta?: ErrorCodes }).meta?.errors : undefined;
  const code = codes ? (codes[e.type ?? ''] ?? codes.default) : undefined;
  return { status: 400, error: 'invalid-body', ...(code ? { code, field: top } : { field: e.path || undefined }), message: e.message };
}

const POLLUTING = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The path of a `__proto__`, `constructor` or `prototype` key anywhere in a parsed JSON body (JSON.parse
 * makes them own keys): Yup would look the name up among a schema's fields, find Object.prototype's
 * and fail with a TypeError instead of a 400. Walked without recursion: a body may nest deep.
 */
function pollutingKey(body: unknown): string | undefined {
  const stack: [unknown, string][] = [[body, '']];
  while (stack.length) {
    const [node, path] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    for (const key of Object.keys(node)) {
      const at = path ? `${path}.${key}` : key;
      if (POLLUTING.has(key)) return at;
      stack.push([(node as Record<string, unknown>)[key], at]);
    }
  }
  return undefined;
}

/** On the function's side: the body as the contract's type, or the 400 to answer. Unknown fields are refused. */
export function checkRequest<Req extends AnyObject>(contract: FunctionContract<Req, unknown>, body: unknown): Checked<Req> {
  const polluting = pollutingKey(body);
  if (polluting) return { ok: false, error: { status: 400, error: 'unknown-field', field: polluting, message: `${polluting} is not a field` } };
  try {
    return { ok: true, value: contract.request.noUnknown(true).strict(false).validateSync(body, { abortEarly: true, stripUnknown: false }) as Req };
  } catch (error) {
    return { ok: false, error: invalid(contract.request, error) };
  }
}

/** The functions client of the Nhost SDK, reduced to what a call needs. */
export interface FunctionsCaller {
  call<TData = unknown>(url: string, body?: unknown): Promise<{ res: { data: TData } | null; error: { message: string; status?: number } | null }>;
}

export class FunctionCallError extends Error {
  constructor(
    readonly path: string,
    message: string,
    readonly status?: number,
  ) {
    super(`${path}: ${message}`);
  }
}

/**
 * The Nhost functions client hands a failed call's JSON body back as `error.message` (an object,
 * not a string): read the function's own message from it instead of showing "[object Object]".
 */
export function errorText(message: unknown): string {
  if (typeof message === 'string') return message;
  if (message && typeof message === 'object') {
    const inner = (message as { message?: unknown; error?: unknown }).message ?? (message as { error?: unknown }).error;
    if (typeof inner === 'string') return inner;
    return JSON.stringify(message).slice(0, 500);
  }
  return 'no response';
}

/** On the web app's side: checks the body before sending and the answer before anyone reads it. */
export async function callFunction<Req extends AnyObject, Res>(functions: FunctionsCaller, contract: FunctionContract<Req, Res>, body: Req): Promise<Res> {
  const request = checkRequest(contract, body);
  if (!request.ok) throw new FunctionCallError(contract.path, request.error.message, 400);
  const { res, error } = await functions.call<unknown>(contract.path, request.value);
  if (error || !res) throw new FunctionCallError(contract.path, errorText(error?.message), error?.status);
  try {
    return (await contract.response.validate(res.data, { abortEarly: true })) as Res;
  } catch (e) {
    throw new FunctionCallError(contract.path, `unexpected response: ${(e as Error).message}`);
  }
}
