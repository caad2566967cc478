// Reads the route table `next build` prints (pages router): each route's own size and its First
// Load JS, and what all pages share. Pure, so the benchmark's figures are testable.

export interface RouteSize {
  path: string;
  /** ○ static, ● SSG, ƒ dynamic (as Next marks them); empty for /_app. */
  kind: 'static' | 'ssg' | 'dynamic' | 'app';
  sizeKb: number;
  firstLoadKb: number;
}

export interface BuildSizes {
  routes: RouteSize[];
  sharedKb: number;
  sharedChunks: { name: string; sizeKb: number }[];
}

// Colour codes (ESC [ ... m) that next prints when the terminal supports them.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const KINDS: Record<string, RouteSize['kind']> = { '○': 'static', '●': 'ssg', 'ƒ': 'dynamic', 'λ': 'dynamic' };

/** "2.97 kB", "835 B", "1.2 MB" → kilobytes (Next prints decimal units). */
export function toKb(value: string, unit: string): number {
  const n = Number(value);
  if (unit === 'B') return n / 1000;
  if (unit === 'MB') return n * 1000;
  return n;
}

const SIZE = String.raw`([\d.]+)\s*(B|kB|MB)`;
const ROUTE_LINE = new RegExp(String.raw`^[\s┌├└│]*([○●ƒλ])?\s*(/\S*)\s+${SIZE}\s+${SIZE}\s*$`);
const SHARED_LINE = new RegExp(String.raw`^\+\s*First Load JS shared by all\s+${SIZE}\s*$`);
const CHUNK_LINE = new RegExp(String.raw`^[\s┌├└│]*(chunks/\S+|other shared chunks \(total\))\s+${SIZE}\s*$`);

export function parseBuildOutput(output: string): BuildSizes {
  const lines = output.replace(ANSI, '').split('\n');
  const start = lines.findIndex((l) => /^Route \(pages\)/.test(l.trim()));
  if (start < 0) throw new Error('no "Route (pages)" table in the build output');
  const result: BuildSizes = { routes: [], sharedKb: 0, sharedChunks: [] };
  let inShared = false;
  for (const raw of lines.slice(start + 1)) {
    const line = raw.trimEnd();
    if (!line.trim()) {
      if (inShared) break;
      continue;
    }
    const shared = SHARED_LINE.exec(line);
    if (shared) {
      result.sharedKb = toKb(shared[1], shared[2]);
      inShared = true;
      continue;
    }
    if (inShared) {
      const chunk = CHUNK_LINE.exec(line);
      if (chunk) result.sharedChunks.push({ name: chunk[1], sizeKb: toKb(chunk[2], chunk[3]) });
      continue;
    }
    const route = ROUTE_LINE.exec(line);
    if (!route) continue;
    const [, marker, path, size, sizeUnit, first, firstUnit] = route;
    result.routes.push({
      path,
      kind: path === '/_app' ? 'app' : (KINDS[marker ?? ''] ?? 'static'),
      sizeKb: toKb(size, sizeUnit),
      firstLoadKb: toKb(first, firstUnit),
    });
  }
  if (result.routes.length === 0) throw new Error('the route table had no routes');
  return result;
}
