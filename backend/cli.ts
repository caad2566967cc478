// Command line of the embedded backend.
//   npm run backend -- [--project nhost] [--port 1337] [--data .data] [--seeds false]
//   npm run schema  -- [--role admin] [--project nhost]      prints the role's GraphQL SDL
import { loadConfig, UnsafeConfigError, type CliFlags } from './config';
import { MigrationError } from './db';
import { startBackend } from './server';
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
  const backend = await startBackend(config);
  const stop = async () => {
    await backend.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  if (e instanceof MigrationError || e instanceof UnsafeConfigError) console.error(`[backend] ${e.message}`);
  else console.error('[backend] failed to start:', e instanceof Error ? e.message : e);
  process.exit(1);
});
