// The `path` argument of a json/jsonb column (`data(path: "items[0].name")`), read as Hasura's
// Data.Parser.JSONPath reads it: an optional `$`, then keys (`a`, `.a`) and bracket elements
// (`[0]`, `["key"]`, `['key']`, each optionally after a dot). A key written bare starts with a
// letter or `_` and goes on with letters, digits, `_` or `-`; anything else must be quoted.
// The result is the text[] Postgres's `#>` operator takes.

export type JsonPathResult = { ok: true; path: string[] } | { ok: false; message: string };

const isLetter = (ch: string) => /\p{L}/u.test(ch);
const isDigit = (ch: string) => ch >= '0' && ch <= '9';

/** A key inside quotes, as JSON decodes it once its quotes are double ones. */
function decodeKey(inQuotes: string): string | null {
  try {
    const v: unknown = JSON.parse(`"${inQuotes}"`);
    return typeof v === 'string' ? v : null;
  } catch {
    return null;
  }
}

export function parseJsonPath(text: string): JsonPathResult {
  if (text === '$') return { ok: true, path: [] };
  const chars = [...text];
  let i = chars[0] === '$' ? 1 : 0;

  const name = (): string | null => {
    const first = chars[i];
    if (first === undefined || !(isLetter(first) || first === '_')) return null;
    let j = i + 1;
    while (j < chars.length && (isLetter(chars[j]) || isDigit(chars[j]) || chars[j] === '-' || chars[j] === '_')) j++;
    const key = chars.slice(i, j).join('');
    i = j;
    return key;
  };

  const quoted = (delimiter: string): string | null => {
    let j = i + 1;
    let inQuotes = '';
    while (j < chars.length && chars[j] !== delimiter) {
      if (chars[j] === '\\' && j + 1 < chars.length) {
        // Inside single quotes an escaped quote is a plain quote; otherwise the escape stays for JSON.
        inQuotes += delimiter === "'" && chars[j + 1] === "'" ? "'" : `\\${chars[j + 1]}`;
        j += 2;
        continue;
      }
      inQuotes += delimiter === "'" && chars[j] === '"' ? '\\"' : chars[j];
      j++;
    }
    if (chars[j] !== delimiter) return null;
    const key = decodeKey(inQuotes);
    if (key !== null) i = j + 1;
    return key;
  };

  const bracket = (): string | null => {
    const start = i;
    if (chars[i] === '.') i++;
    if (chars[i] !== '[') {
      i = start;
      return null;
    }
    i++;
    let value: string | null = null;
    if (isDigit(chars[i] ?? '')) {
      let j = i;
      while (j < chars.length && isDigit(chars[j])) j++;
      value = String(BigInt(chars.slice(i, j).join('')));
      i = j;
    } else if (chars[i] === '"' || chars[i] === "'") {
      value = quoted(chars[i]);
    }
    if (value === null || chars[i] !== ']') {
      i = start;
      return null;
    }
    i++;
    return value;
  };

  const element = (): string | null => {
    const start = i;
    if (chars[i] === '.') i++;
    const key = name();
    if (key !== null) return key;
    i = start;
    return bracket();
  };

  const path: string[] = [];
  for (;;) {
    const e = element();
    if (e === null) break;
    path.push(e);
  }
  if (!path.length || i !== chars.length) {
    return {
      ok: false,
      message: `${text}. Accept letters, digits, underscore (_) or hyphen (-) only. Use quotes enclosed in bracket (["..."]) if there is any special character`,
    };
  }
  return { ok: true, path };
}
