// Puts the other platforms' @next/swc-* binaries back into package-lock.json.
// This machine's npm registry mirror only carries the Linux builds, so `npm install` here drops the
// darwin/win32 entries that next lists as optional dependencies, and `npm ci` then refuses the lock
// ("Missing: @next/swc-darwin-arm64@ from lock file"). The entries carry os/cpu, so npm skips them
// on Linux and never fetches them. Idempotent; run by .ci/run before `npm ci`.
import fs from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const next = lock.packages['node_modules/next'];
if (!next) process.exit(0);
let added = 0;
for (const [name, range] of Object.entries(next.optionalDependencies ?? {})) {
  const m = /^@next\/swc-(darwin|win32|linux|freebsd)-(arm64|x64|ia32)/.exec(name);
  const key = `node_modules/${name}`;
  if (!m || lock.packages[key]) continue;
  const base = name.split('/')[1];
  lock.packages[key] = {
    version: range,
    resolved: `https://registry.npmjs.org/${name}/-/${base}-${range}.tgz`,
    cpu: [m[2]],
    license: 'MIT',
    optional: true,
    os: [m[1]],
    engines: { node: '>= 10' },
  };
  added++;
}
if (added) {
  const keys = Object.keys(lock.packages).sort((a, b) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1));
  lock.packages = Object.fromEntries(keys.map((k) => [k, lock.packages[k]]));
  fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
  console.log(`lockfile: restored ${added} @next/swc platform entries`);
}
