// `pnpm admin:create --email <e> [--password <p> | --password-stdin] [--first-name <n>] [--last-name <n>]`
// (in the image: `node dist/cli/admin-create.js …`). Exit codes: 0 done, 2 bad usage or input
// refused by the sign-up rules, 1 anything else (database unreachable, not migrated).
import { text as readAll } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import { createDb, DEFAULT_DATABASE_URL } from '@kanak/db';
import { createAdmin, DomainError } from '@kanak/core';

const USAGE =
  'Usage: pnpm admin:create --email <e-mail> [--password <password> | --password-stdin] [--first-name <name>] [--last-name <name>]';

function usage(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

let values: Record<string, string | boolean | undefined>;
try {
  ({ values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      // Keeps the password out of `ps` and the shell history: `… --password-stdin < file`.
      'password-stdin': { type: 'boolean' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (error) {
  usage((error as Error).message);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const text = (name: string) => {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
};
const email = text('email');
if (!email) usage('--email is required.');
if (values['password-stdin'] && text('password') !== undefined)
  usage('Give either --password or --password-stdin, not both.');
const password = values['password-stdin']
  ? (await readAll(process.stdin)).split(/\r?\n/)[0]
  : text('password');

const db = createDb(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL, 1);
try {
  const result = await createAdmin(db, {
    email,
    password,
    firstName: text('first-name'),
    lastName: text('last-name'),
  });
  const passwordNote = result.passwordSet ? ' Password set.' : '';
  if (result.outcome === 'created') console.log(`Created administrator ${result.email}.`);
  else if (result.outcome === 'promoted')
    console.log(`${result.email} is now an administrator (was a customer).${passwordNote}`);
  else console.log(`${result.email} was already an administrator.${passwordNote}`);
  if (result.generatedPassword)
    console.log(
      `Generated password (shown once; only its hash is stored): ${result.generatedPassword}`,
    );
} catch (error) {
  if (error instanceof DomainError) {
    console.error(`Refused: ${error.message}`);
    process.exitCode = 2;
  } else {
    const code = (error as { code?: string }).code;
    const hint =
      code === '42P01' || code === '3D000'
        ? ' The database is not migrated yet: run the migrations first (pnpm db:migrate).'
        : '';
    console.error(`Could not create the administrator: ${(error as Error).message}.${hint}`);
    process.exitCode = 1;
  }
} finally {
  await db.destroy();
}
