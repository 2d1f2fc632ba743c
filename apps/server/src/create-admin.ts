// `npm run admin:create -- --email <email> --first-name <name> --last-name <name> --phone <phone>`: the first
// administrator of a new installation (README, "Running in production"), an operator-portal care navigator
// with admin access, who then creates the clinics and every other account in the app. It prints a temporary
// password, shown only here, which leads to choosing a new one at the first sign-in.
// It migrates the database first, as the server does when it starts, so it may run before the first start.
// Exit status 0 when the account was created, 1 when the input was refused, 2 when it could not run.
import { parseArgs } from 'node:util';
import { AppError } from '@vigil/core';
import { embeddedDatabaseBusy, runCommand } from './cli.js';
import { systemClock } from './clock.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { createAuditService } from './features/audit/audit.service.js';
import { createOperatorAdministrator } from './features/users/users.service.js';

/** Each field of the user form, as this command's option. */
const options = {
  email: 'email',
  firstName: 'first-name',
  lastName: 'last-name',
  phone: 'phone',
} as const;

async function main(): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: Object.fromEntries(Object.values(options).map((name) => [name, { type: 'string' as const }])),
    }));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  }
  const config = loadConfig(process.env);
  if (await embeddedDatabaseBusy(config, 'admin:create')) return 2;
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const { user, temporaryPassword } = await createOperatorAdministrator(
      { db: database.db, audit: createAuditService({ clock: systemClock }) },
      Object.fromEntries(Object.entries(options).map(([field, name]) => [field, values[name]])),
    );
    console.info(
      `Created ${user.firstName} ${user.lastName} <${user.email}>, an administrator of the operator portal.`,
    );
    console.info(`Temporary password: ${temporaryPassword}`);
    console.info(
      `It is shown only here. Signing in with it at ${config.publicUrl} leads to choosing a new password.`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    const fields = Object.entries(error.fields ?? {});
    if (fields.length === 0) console.error(error.message);
    for (const [field, message] of fields) {
      console.error(`--${options[field as keyof typeof options] ?? field}: ${message}`);
    }
    return 1;
  } finally {
    await database.close();
  }
}

runCommand(main, 'admin:create could not create the account');
