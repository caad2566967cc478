// Maps a /v1/functions/<path> URL to a file of the functions folder the way Nhost does:
// `a/b` -> a/b.ts|js or a/b/index.ts|js; names starting with `_` or `.` are private.
import fs from 'node:fs/promises';
import path from 'node:path';

const EXTENSIONS = ['.ts', '.js', '.mts', '.mjs', '.cts', '.cjs'];
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** Returns the handler file for a URL path, or undefined when no public function lives there. */
export async function resolveFunctionFile(functionsDir: string, urlPath: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const segments = decoded.split('/').filter((s) => s !== '');
  // No `..`, no hidden or private (`_x`) segments, no backslashes: a URL can only name public files.
  if (!segments.every((s) => SEGMENT.test(s) && !s.includes('..'))) return undefined;
  if (segments.some((s) => s.endsWith('.d'))) return undefined;
  const base = path.join(functionsDir, ...segments);
  const candidates = [
    ...(segments.length ? EXTENSIONS.map((ext) => base + ext) : []),
    ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  for (const file of candidates) {
    if (!file.startsWith(functionsDir + path.sep)) continue;
    if (/\.(test|spec)\.[cm]?[jt]s$/.test(file)) continue;
    const stat = await fs.stat(file).catch(() => undefined);
    if (stat?.isFile()) return file;
  }
  return undefined;
}
