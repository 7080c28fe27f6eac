// Migration 0022 (decision 057, round four): what an office's members read and taught on their own
// before joining (Tally companies, taught layouts and sheet mappings) is copied into their office,
// the office's own winning; joining from now on does the same (carryReadingTools, tested in the
// team suite through the join). A database at 0021 with such rows is upgraded here.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { DRIZZLE } from './helpers/drizzle-snapshot.ts';

const rowsOf = <T>(r: unknown) => (Array.isArray(r) ? (r as T[]) : (r as { rows: T[] }).rows);

test('0022 copies members’ own companies and layouts into their office; the office’s own win; nothing leaves the person', async () => {
  // The migrations up to 0021 in a folder of their own: the database as it was before 0022.
  const before = mkdtempSync(path.join(os.tmpdir(), 'bahi-0021-'));
  cpSync(DRIZZLE, before, { recursive: true });
  rmSync(path.join(before, '0022_statement_splits.sql'));
  const journalFile = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < '0022');
  writeFileSync(journalFile, JSON.stringify(journal));
  const client = await PGlite.create();
  const db = drizzle(client);
  try {
    await migrate(db, { migrationsFolder: before });
    const user = async (name: string) =>
      rowsOf<{ id: string }>(
        await db.execute(
          sql`insert into users (name, email) values (${name}, ${`${name}@example.test`}) returning id`,
        ),
      )[0].id;
    const [owner, member, other, loner, stranger] = await Promise.all(
      ['owner', 'member', 'other', 'loner', 'stranger'].map(user),
    );
    for (const m of [member, other])
      await db.execute(
        sql`insert into office_members (user_id, office_id, role) values (${m}, ${owner}, 'accountant')`,
      );
    const company = (userId: string, name: string, readAt: string) =>
      db.execute(sql`insert into tally_companies (user_id, name, name_key, source, snapshot, read_at)
        values (${userId}, ${name}, ${name.toLowerCase()}, 'bridge', ${JSON.stringify({ by: userId })}::jsonb, ${readAt})`);
    const layout = (userId: string, name: string, shape: string) =>
      db.execute(sql`insert into taught_layouts (user_id, name, bank, shape_key, layout, signature)
        values (${userId}, ${name}, 'AUTO', ${shape}, '{}'::jsonb, '{}'::jsonb)`);
    await company(owner, 'Shared Co', '2026-01-01T00:00:00Z'); // the office's own: stays as it is
    await company(member, 'Shared Co', '2026-02-01T00:00:00Z');
    await company(member, 'Member Co', '2026-01-05T00:00:00Z');
    await company(other, 'Member Co', '2026-01-09T00:00:00Z'); // two members, one name: the newer read
    await company(loner, 'Loner Co', '2026-01-01T00:00:00Z'); // no office: stays theirs alone
    await layout(owner, 'Office columns', 'shape-a');
    await layout(member, 'Member columns A', 'shape-a');
    await layout(member, 'Member columns B', 'shape-b');
    await layout(other, 'Other columns B', 'shape-b');
    await layout(stranger, 'Stranger columns', 'shape-c');

    await migrate(db, { migrationsFolder: DRIZZLE });

    const companies = rowsOf<{ user_id: string; name: string; snapshot: { by: string } }>(
      await db.execute(sql`select user_id, name, snapshot from tally_companies order by name, user_id`),
    );
    const of = (userId: string) => companies.filter((c) => c.user_id === userId);
    assert.deepEqual(
      of(owner)
        .map((c) => [c.name, c.snapshot.by])
        .sort(),
      [
        ['Member Co', other],
        ['Shared Co', owner],
      ],
    );
    assert.deepEqual(
      of(member)
        .map((c) => c.name)
        .sort(),
      ['Member Co', 'Shared Co'],
      'the member keeps theirs',
    );
    assert.deepEqual(
      of(loner).map((c) => c.name),
      ['Loner Co'],
    );
    const layouts = rowsOf<{ user_id: string; name: string; shape_key: string }>(
      await db.execute(sql`select user_id, name, shape_key from taught_layouts order by shape_key, name`),
    );
    const officeShapes = layouts.filter((l) => l.user_id === owner).map((l) => l.shape_key);
    assert.deepEqual(
      officeShapes,
      ['shape-a', 'shape-b'],
      'one layout a shape: the office’s own for shape-a',
    );
    assert.equal(
      layouts.filter((l) => l.user_id === owner && l.shape_key === 'shape-a')[0].name,
      'Office columns',
    );
    assert.equal(layouts.filter((l) => l.user_id === member).length, 2, 'the member keeps theirs');
    assert.ok(
      !layouts.some((l) => l.user_id === owner && l.shape_key === 'shape-c'),
      'a stranger’s stays theirs',
    );
  } finally {
    await client.close();
    rmSync(before, { recursive: true, force: true });
  }
});
