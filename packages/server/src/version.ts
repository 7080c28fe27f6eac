import { readFileSync } from 'node:fs';

/** The product version (root package.json), shown by /api/health. */
export const VERSION: string = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
).version;
