// Migration 0029 (decision 052 round thirteen): unfiled statements kept before it keep their rows,
// and their count and first and last dates, which the lists now read instead of the rows, are
// filled in from them. Its UPDATE run again on a database that has such statements.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { asc, sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/index.ts';
import { users } from '../src/db/schema.ts';
import { unfiledStatements } from '../src/office/tables.ts';

test('migration 0029 fills the count and the first and last dates of the unfiled statements kept before', async () => {
  const database = await openDatabase({ pgliteDir: 'memory://' });
  try {
    const db = database.db;
    const [u] = await db.insert(users).values({ name: 'Old', email: 'old@example.com' }).returning();
    const row = (date: string) => ({
      date,
      description: date,
      withdrawal: 0,
      deposit: 1,
      balance: null,
      reference: null,
    });
    const kept = { userId: u!.id, clientId: null, statementId: u!.id };
    await db.insert(unfiledStatements).values([
      { ...kept, fileName: 'a.pdf', rows: [row('2024-04-09'), row('2024-03-31'), row('2024-04-10')] },
      { ...kept, fileName: 'b.pdf', rows: [] },
    ]);
    const migration = readFileSync(
      new URL('../drizzle/0029_unfiled_statement_rows_named.sql', import.meta.url),
      'utf8',
    );
    await db.execute(sql.raw(migration.slice(migration.indexOf('UPDATE'))));
    const got = await db
      .select({
        file: unfiledStatements.fileName,
        rows: unfiledStatements.rowCount,
        first: unfiledStatements.firstDate,
        last: unfiledStatements.lastDate,
        kept: sql<number>`jsonb_array_length(${unfiledStatements.rows})`,
      })
      .from(unfiledStatements)
      .orderBy(asc(unfiledStatements.fileName));
    assert.deepEqual(got, [
      { file: 'a.pdf', rows: 3, first: '2024-03-31', last: '2024-04-10', kept: 3 },
      { file: 'b.pdf', rows: 0, first: null, last: null, kept: 0 },
    ]);
  } finally {
    await database.close();
  }
});
