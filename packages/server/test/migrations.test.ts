// The migrations (SQL written by hand), the tables files and drizzle-kit's snapshot say the same:
// `drizzle-kit generate` would write nothing, the migrations build exactly the snapshot's columns,
// and the journal applies them in an order a database that is upgraded step by step also follows.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import { generateMigration } from 'drizzle-kit/api';
import { openDatabase } from '../src/db/index.ts';
import { DRIZZLE, journal, readSnapshot, schemaSnapshot, snapshotFiles } from './helpers/drizzle-snapshot.ts';

const latest = () => readSnapshot(snapshotFiles().at(-1)!);
const FIX = 'node packages/server/test/helpers/drizzle-snapshot.ts --write';

test('drizzle-kit generate would write nothing: the last snapshot is the tables files', async () => {
  const statements = await generateMigration(latest(), schemaSnapshot());
  assert.deepEqual(
    statements,
    [],
    `the tables files and the snapshot differ; write the migration, then ${FIX}`,
  );
});

test('the snapshot is the last migration: it names the highest-numbered one', () => {
  const last = journal()
    .map((e) => e.tag)
    .sort()
    .at(-1)!;
  assert.equal(snapshotFiles().at(-1), `${last.slice(0, 4)}_snapshot.json`, FIX);
});

test('every migration file is in the journal, and the journal runs forward in time', () => {
  const entries = journal();
  const files = readdirSync(DRIZZLE)
    .filter((f) => f.endsWith('.sql'))
    .map((f) => f.replace(/\.sql$/, ''))
    .sort();
  assert.deepEqual(entries.map((e) => e.tag).sort(), files);
  // drizzle applies what is newer than the last migration a database ran: an entry whose `when` is
  // not above every earlier one would be skipped by a database that already ran the earlier ones.
  for (let i = 1; i < entries.length; i++)
    assert.ok(
      entries[i]!.when > entries[i - 1]!.when,
      `${entries[i]!.tag}: 'when' ${entries[i]!.when} must be above ${entries[i - 1]!.tag}'s ${entries[i - 1]!.when}`,
    );
});

test('the migrations build the snapshot: the same tables, columns, types and NOT NULLs', async () => {
  const database = await openDatabase({ pgliteDir: 'memory://' });
  try {
    const rows: unknown = await database.db.execute(sql`
      select c.relname as t, a.attname as c, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as notnull
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped`);
    type Row = { t: string; c: string; type: string; notnull: boolean };
    const built = (Array.isArray(rows) ? (rows as Row[]) : (rows as { rows: Row[] }).rows)
      .map((r) => `${r.t}.${r.c} ${r.type}${r.notnull ? ' not null' : ''}`)
      .sort();
    type Table = {
      name: string;
      columns: Record<string, { name: string; type: string; notNull: boolean; primaryKey: boolean }>;
    };
    const snapshot = Object.values(latest().tables as Record<string, Table>)
      .flatMap((t) =>
        Object.values(t.columns).map(
          (c) => `${t.name}.${c.name} ${c.type}${c.notNull || c.primaryKey ? ' not null' : ''}`,
        ),
      )
      .sort();
    assert.deepEqual(built, snapshot);
  } finally {
    await database.close();
  }
});
