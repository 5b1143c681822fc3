/**
 * `npm run create-admin`: creates an admin account in the configured database (DATABASE_URL, or
 * the embedded database in DATA_DIR; stop the server first when it uses the embedded one).
 * E-mail, name and password come from ADMIN_EMAIL, ADMIN_NAME and ADMIN_PASSWORD when set, else
 * they are asked (the password without echo). Refuses an e-mail that already has an account.
 * Exit code 0 on success; 1 with one line on stderr otherwise.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { checkAdminInput, createAdmin, DEFAULT_ADMIN_NAME } from '../modules/auth/admin.ts';

class CliError extends Error {}

/** Line reader over stdin that works for a terminal and for piped input alike. */
function prompter() {
  let muted = false;
  const output = new Writable({
    write(chunk, encoding, done) {
      if (!muted) process.stdout.write(chunk, encoding);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY === true });
  const lines = rl[Symbol.asyncIterator]();
  const next = async (label: string, hidden = false) => {
    process.stdout.write(label);
    muted = hidden;
    const line = await lines.next();
    muted = false;
    if (hidden) process.stdout.write('\n');
    if (line.done) throw new CliError('input ended before all answers were given');
    return String(line.value).trim();
  };
  return { next, close: () => rl.close() };
}

async function readInput(env: NodeJS.ProcessEnv) {
  const need =
    env.ADMIN_EMAIL === undefined || env.ADMIN_PASSWORD === undefined || env.ADMIN_NAME === undefined;
  const ask = need ? prompter() : null;
  try {
    const email = env.ADMIN_EMAIL ?? (await ask?.next('E-mail: ')) ?? '';
    const name =
      env.ADMIN_NAME ?? ((await ask?.next(`Name [${DEFAULT_ADMIN_NAME}]: `)) || DEFAULT_ADMIN_NAME);
    let password = env.ADMIN_PASSWORD;
    if (password === undefined && ask) {
      password = await ask.next('Password: ', true);
      if ((await ask.next('Repeat password: ', true)) !== password)
        throw new CliError('passwords do not match');
    }
    return { email, name, password: password ?? '' };
  } finally {
    ask?.close();
  }
}

async function main() {
  const config = loadConfig();
  const input = await readInput(process.env);
  const problem = checkAdminInput(input);
  if (problem) throw new CliError(problem);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolMax: 1,
    migrate: config.MIGRATE_AT_START ? 'apply' : 'check',
  });
  try {
    const result = await createAdmin(database.db, input, 'cli');
    if (!result.ok) throw new CliError(result.error);
    process.stdout.write(`Admin ${result.user.email} created.\n`);
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    const known = err instanceof CliError || err instanceof ConfigError;
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`create-admin: ${known ? message : `failed: ${message}`}\n`);
    process.exit(1);
  },
);
