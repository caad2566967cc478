// Reads the client report of the bundle analyser (@next/bundle-analyzer, static HTML with the
// treemap's data inlined) and lists, for the largest chunks, the packages that weigh most in them:
// what the shared staff chunk holds, in numbers a commit message can quote.
import fs from 'node:fs';

interface TreeNode {
  label: string;
  gzipSize?: number;
  parsedSize?: number;
  groups?: TreeNode[];
  path?: string;
}

/** The package a module path belongs to ("@mui/material", "@apollo/client", "src"). */
export function packageOf(modulePath: string): string {
  const inModules = modulePath.split('node_modules/').pop() ?? modulePath;
  if (inModules === modulePath) return modulePath.includes('/src/') || modulePath.startsWith('./src') ? 'src (app code)' : 'other';
  const parts = inModules.split('/');
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

function leaves(node: TreeNode, into: TreeNode[] = []): TreeNode[] {
  if (!node.groups?.length) into.push(node);
  else for (const child of node.groups) leaves(child, into);
  return into;
}

export interface ChunkSummary {
  chunk: string;
  gzipKb: number;
  packages: { name: string; gzipKb: number }[];
}

export function summarizeReport(html: string, topChunks = 4, topPackages = 8): ChunkSummary[] {
  const match = /window\.chartData\s*=\s*(\[[\s\S]*?\]);\s*window\./.exec(html) ?? /window\.chartData\s*=\s*(\[[\s\S]*?\]);/.exec(html);
  if (!match) return [];
  const chunks = JSON.parse(match[1]) as TreeNode[];
  return chunks
    .filter((c) => c.label.includes('static/chunks'))
    .sort((a, b) => (b.gzipSize ?? 0) - (a.gzipSize ?? 0))
    .slice(0, topChunks)
    .map((chunk) => {
      const byPackage = new Map<string, number>();
      for (const leaf of leaves(chunk)) {
        const name = packageOf(leaf.path ?? leaf.label);
        byPackage.set(name, (byPackage.get(name) ?? 0) + (leaf.gzipSize ?? 0));
      }
      const packages = [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, topPackages).map(([name, size]) => ({ name, gzipKb: Math.round(size / 100) / 10 }));
      return { chunk: chunk.label.replace(/^.*static\/chunks\//, ''), gzipKb: Math.round((chunk.gzipSize ?? 0) / 100) / 10, packages };
    });
}

export function readReport(file: string): ChunkSummary[] {
  return fs.existsSync(file) ? summarizeReport(fs.readFileSync(file, 'utf8')) : [];
}
