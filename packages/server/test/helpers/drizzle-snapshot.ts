// The schema snapshot drizzle-kit keeps in drizzle/meta. Migrations here are SQL written by hand, so
// drizzle-kit's snapshot of the last one is written from the tables files by this script, after a
// migration and its journal entry are added:
//   node packages/server/test/helpers/drizzle-snapshot.ts --write
// test/migrations.test.ts fails while the snapshot, the tables files and the migrations disagree.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateDrizzleJson } from 'drizzle-kit/api';
import * as tables from '../../src/db/all-tables.ts';

export const DRIZZLE = path.resolve(import.meta.dirname, '../../drizzle');
const META = path.join(DRIZZLE, 'meta');

export type JournalEntry = { idx: number; when: number; tag: string };

export function journal(): JournalEntry[] {
  return JSON.parse(readFileSync(path.join(META, '_journal.json'), 'utf8')).entries;
}

/** The snapshots by file name: drizzle-kit compares the schema with the last of them. */
export function snapshotFiles(): string[] {
  return readdirSync(META)
    .filter((f) => f.endsWith('_snapshot.json'))
    .sort();
}

export type Snapshot = ReturnType<typeof generateDrizzleJson>;

export function readSnapshot(file: string): Snapshot {
  return JSON.parse(readFileSync(path.join(META, file), 'utf8'));
}

/** What drizzle-kit makes of the tables files now. */
export function schemaSnapshot(prevId?: string): Snapshot {
  return generateDrizzleJson(tables as Record<string, unknown>, prevId);
}

/** Writes the snapshot of the highest-numbered migration (its prevId the latest snapshot before it). */
function write(): void {
  const last = journal()
    .map((e) => e.tag)
    .sort()
    .at(-1)!;
  const file = `${last.slice(0, 4)}_snapshot.json`;
  const before = snapshotFiles().filter((f) => f < file);
  const prevId = before.length ? readSnapshot(before.at(-1)!).id : undefined;
  writeFileSync(path.join(META, file), JSON.stringify(schemaSnapshot(prevId), null, 2) + '\n');
  console.log(`wrote drizzle/meta/${file}`);
}

if (process.argv[1] === import.meta.filename && process.argv.includes('--write')) write();
