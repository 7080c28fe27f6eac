// The HTTP server: `buildApp` plus what `bahi serve` and `bahi admin` need.
export { buildApp, type AppDeps } from './app.ts';
export { loadConfig, ConfigError, ENV_VARS, type Config } from './config.ts';
export { openDatabase, type Database, type Db, type Tx, type DbOrTx, type DbKind } from './db/index.ts';
export { requireUser, requireAdmin } from './auth/guards.ts';
export { HttpError } from './errors.ts';
export { startServer } from './start.ts';
export { startQueue, lineLog, uploadsDirOf } from './queue/index.ts';
// the CLI's admin test reads the role `bahi admin` gave
export { users } from './db/schema.ts';
export { grantAdmin } from './admin.ts';
