import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` is used: it writes SQL into ./drizzle, which the server applies at
// start-up on PGlite and PostgreSQL alike.
export default defineConfig({ dialect: 'postgresql', schema: './src/db/schema.ts', out: './drizzle' });
