// Command line of the embedded backend.
//   npm run backend -- [--project nhost] [--port 1337] [--data .data] [--seeds false]
//   npm run schema  -- [--role admin] [--project nhost]      prints the role's GraphQL SDL
import { loadConfig, UnsafeConfigError, type CliFlags } from './config';
import { MigrationError } from './db';
import { DataDirLockedError } from './db/lock';
import { DatabaseFolderError } from './db/pglite';
import { startBackend, type RunningBackend } from './server';
import { printRoleSchema } from './graphql';

function parseFlags(argv: string[]): { command: string; flags: CliFlags & { role?: string } } {
  const flags: Record<string, string | boolean> = {};
  let command = 'serve';
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('--')) {
      const [k, inline] = a.slice(2).split('=', 2);
      if (inline !== undefined) flags[k] = inline;
      else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) flags[k] = argv[++i];
      else flags[k] = true;
    } else command = a;
  }
  return { command, flags: flags as CliFlags & { role?: string } };
}

async function main(): Promise<void> {
  const { command, flags } = parseFlags(process.argv.slice(2));
  const config = loadConfig(flags);
  if (command === 'schema') {
    process.stdout.write(await printRoleSchema(config, flags.role ?? 'admin'));
    return;
  }
  // Ctrl-C / SIGTERM: requests in flight finish, the database is checkpointed and closed, the
  // data folder's lock is released. A signal during startup stops once the start is complete
  // (never halfway through a migration); a second signal stops at once.
  const running: { backend?: RunningBackend } = {};
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      console.error(`[backend] ${signal} again: stopping without a clean shutdown`);
      process.exit(130);
    }
    stopping = true;
    if (!running.backend) return;
    if (!config.quiet) console.log(`[backend] ${signal}: shutting down`);
    try {
      await running.backend.close();
      if (!config.quiet) console.log('[backend] stopped cleanly');
      process.exit(0);
    } catch (e) {
      console.error('[backend] shutdown failed:', e instanceof Error ? e.message : e);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  running.backend = await startBackend(config);
  if (stopping) {
    stopping = false;
    await stop('signal during startup');
  }
}

main().catch((e: unknown) => {
  if (e instanceof MigrationError || e instanceof UnsafeConfigError || e instanceof DataDirLockedError || e instanceof DatabaseFolderError)
    console.error(`[backend] ${e.message}`);
  else console.error('[backend] failed to start:', e instanceof Error ? e.message : e);
  process.exit(1);
});
