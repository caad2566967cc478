// The in-memory test backend (tests/helpers/backend.ts: demo data from the cached snapshot) as its
// own process, for component tests that cannot host it in their jsdom worker (jsdom's typed arrays
// break the backend's JWT signing in-process). Prints "listening on <url>" once it serves, closes
// on SIGTERM. Environment: what the backend reads (AUTH_*, ...), as for `npm run backend`.
import { startTestBackend } from './backend';

async function main(): Promise<void> {
  const backend = await startTestBackend({ applySeeds: true });
  process.stdout.write(`listening on ${backend.url}\n`);
  const close = () => {
    backend.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
  // A test worker killed mid-file (a timeout, Ctrl-C) cannot send SIGTERM: leave with it.
  const parent = process.ppid;
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      close();
    }
  }, 2_000).unref();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
