// Command line of the embedded backend.
//   npm run backend -- [--project nhost] [--port 1337] [--data .data] [--seeds false] [--postgres]
//                      (--postgres: a real PostgreSQL server under <data>/postgres, see db/embedded.ts)
//   npm run schema  -- [--role admin] [--project nhost]      prints the role's GraphQL SDL
//   npm run backup  -- --data <folder> --out <dir>           database.sql + storage/ (see backup.ts)
//   npm run restore -- --in <dir> --data <new folder> [--postgres]  (DATABASE_URL set: into that server)
// Only what every command needs is imported up front; the rest loads with the command that uses it,
// after the data folder's lock is taken: a start refused because the folder is in use (a second
// `npm run dev`, the fault tests) answers in a fraction of a full start's ~3 s of module loading.
import path from 'node:path';
import { assertSafeToListen, loadConfig, UnsafeConfigError, type CliFlags } from './config';
import { MigrationError } from './db/migrate';
import { DataDirLockedError, DataDirNotWritableError, LockFileError, lockDataDir } from './db/lock';
import type { RunningBackend } from './server';

type Flags = CliFlags & { role?: string; out?: string; in?: string };

function parseFlags(argv: string[]): { command: string; flags: Flags } {
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
  return { command, flags: flags as Flags };
}

async function main(): Promise<void> {
  const { command, flags } = parseFlags(process.argv.slice(2));
  const config = loadConfig(flags);
  if (command === 'schema') {
    const { printRoleSchema } = await import('./graphql');
    process.stdout.write(await printRoleSchema(config, flags.role ?? 'admin'));
    return;
  }
  if (command === 'backup' || command === 'restore') {
    const { backup, BackupError, restore } = await import('./backup');
    const dir = command === 'backup' ? flags.out : flags.in;
    if (!flags.data || typeof dir !== 'string') {
      throw new BackupError(command === 'backup' ? 'usage: npm run backup -- --data <folder> --out <dir>' : 'usage: npm run restore -- --in <dir> --data <new folder>');
    }
    const log = (line: string) => console.log(`[${command}] ${line}`);
    const started = Date.now();
    const { dataDir, databaseUrl, projectDir } = config;
    if (command === 'backup') await backup({ dataDir, outDir: path.resolve(dir), databaseUrl, projectDir, log });
    else await restore({ inDir: path.resolve(dir), dataDir, databaseUrl, projectDir, embeddedPostgres: config.embeddedPostgres, log });
    log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    process.exit(0);
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
  // The checks startBackend makes first, made before it loads: an unsafe configuration, a folder in use.
  assertSafeToListen(config);
  const lock = lockDataDir(config.dataDir, { url: `http://localhost:${config.port}`, command: 'backend' });
  const { startBackend } = await import('./server').catch((e: unknown) => {
    lock.release();
    throw e;
  });
  running.backend = await startBackend(config, { lock });
  if (stopping) {
    stopping = false;
    await stop('signal during startup');
  }
}

/** Errors whose message is written for the user, printed without "failed to start". */
async function explained(e: unknown): Promise<boolean> {
  if (e instanceof MigrationError || e instanceof UnsafeConfigError || e instanceof DataDirLockedError || e instanceof DataDirNotWritableError || e instanceof LockFileError) return true;
  // Classes of modules a failed start may not have loaded: loading them now costs only failures.
  const [{ BackupError }, { ClusterFolderError }, { DatabaseFolderError }] = await Promise.all([import('./backup'), import('./db/embedded'), import('./db/pglite')]);
  return e instanceof DatabaseFolderError || e instanceof ClusterFolderError || e instanceof BackupError;
}

main().catch(async (e: unknown) => {
  if (await explained(e).catch(() => false)) console.error(`[backend] ${(e as Error).message}`);
  else console.error('[backend] failed to start:', e instanceof Error ? e.message : e);
  process.exit(1);
});
