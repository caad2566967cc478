// Snippets: reusable replies with {{variables}}. Pure: the body is checked (every `{{` closed by
// `}}`, no `}}` without its `{{`, only known names) and rendered from a context the caller loads.
// Errors are form messages (namespace:key|values) so screens, functions and tests translate
// them from the same files; the texts are SPEC 8's ('Body has invalid variable',
// 'Error rendering {snippet name}: {message}').
import type { TFunction } from 'i18next';
import { formMessage, type FormMessage } from '../../lib/i18n/formMessage';
import { isKnownVariable } from './variables';

export const INVALID_VARIABLE = formMessage('snippets:errors.invalidVariable');

export type BodyPart = { text: string } | { variable: string };

export type ParsedBody = { ok: true; parts: BodyPart[] } | { ok: false; error: FormMessage; at: number };

/** Splits a body into text and variables; an unclosed `{{`, a stray `}}`, an empty, nested or unknown name is refused. */
export function parseSnippetBody(body: string): ParsedBody {
  const parts: BodyPart[] = [];
  let i = 0;
  let text = '';
  while (i < body.length) {
    if (body.startsWith('}}', i)) return { ok: false, error: INVALID_VARIABLE, at: i };
    if (!body.startsWith('{{', i)) {
      text += body[i];
      i += 1;
      continue;
    }
    const end = body.indexOf('}}', i + 2);
    if (end < 0) return { ok: false, error: INVALID_VARIABLE, at: i };
    const name = body.slice(i + 2, end).trim();
    if (!name || name.includes('{') || !isKnownVariable(name)) return { ok: false, error: INVALID_VARIABLE, at: i };
    if (text) parts.push({ text });
    text = '';
    parts.push({ variable: name });
    i = end + 2;
  }
  if (text) parts.push({ text });
  return { ok: true, parts };
}

/** The form check of a snippet body: undefined when valid, else the message to show on the field. */
export function validateSnippetBody(body: string): FormMessage | undefined {
  const parsed = parseSnippetBody(body);
  return parsed.ok ? undefined : parsed.error;
}

/** The values a render may use; a missing value is a render error, never an empty hole in a guest's message. */
export type SnippetContext = Readonly<Record<string, string | number | null | undefined>>;

export interface SnippetLike {
  name: string;
  body: string;
}

/** Why a render failed; `renderErrorText` words it as 'Error rendering {name}: {message}'. */
export interface RenderError {
  snippetName: string;
  reason: 'invalidVariable' | 'missingValue';
  variable?: string;
}

export type RenderResult = { ok: true; text: string } | { ok: false; error: RenderError };

function renderError(snippet: SnippetLike, reason: RenderError['reason'], variable?: string): RenderResult {
  return { ok: false, error: { snippetName: snippet.name, reason, ...(variable ? { variable } : {}) } };
}

/** The translated text of a render error, naming the snippet (SPEC 8). */
export function renderErrorText(t: TFunction, error: RenderError): string {
  const message = error.reason === 'invalidVariable' ? t('snippets:errors.invalidVariable') : t('snippets:errors.missingValue', { variable: `{{${error.variable ?? ''}}}` });
  return t('snippets:errors.rendering', { name: error.snippetName, message });
}

export function renderSnippet(snippet: SnippetLike, context: SnippetContext): RenderResult {
  const parsed = parseSnippetBody(snippet.body);
  if (!parsed.ok) return renderError(snippet, 'invalidVariable');
  let out = '';
  for (const part of parsed.parts) {
    if ('text' in part) {
      out += part.text;
      continue;
    }
    const value = context[part.variable];
    if (value === null || value === undefined || String(value).trim() === '') return renderError(snippet, 'missingValue', part.variable);
    out += String(value);
  }
  return { ok: true, text: out };
}

/** The snippet in the guest's language, else English, else any: one name has a body per language. */
export function pickLanguage<T extends { language: string }>(variants: readonly T[], language: string | null | undefined): T | undefined {
  return variants.find((v) => v.language === language) ?? variants.find((v) => v.language === 'en') ?? variants[0];
}
