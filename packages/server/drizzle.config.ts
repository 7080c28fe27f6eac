import { defineConfig } from 'drizzle-kit';

// Migrations are SQL written by hand in ./drizzle, applied by the server at start-up on PGlite and
// PostgreSQL alike. drizzle-kit reads every table (src/db/all-tables.ts) against the snapshot of the
// last migration (test/helpers/drizzle-snapshot.ts writes it); test/migrations.test.ts fails while
// `drizzle-kit generate` would write anything.
export default defineConfig({ dialect: 'postgresql', schema: './src/db/all-tables.ts', out: './drizzle' });
