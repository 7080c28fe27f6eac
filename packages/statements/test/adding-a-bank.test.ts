// docs/adding-a-bank.md, proven: a copy of @bahi/core and @bahi/statements gets a made-up bank
// through the blocks of that document alone (one line in the bank table, one profile file and its
// registry entry, its fixture) and then typechecks, detects and reads the bank's statement, and
// lists the bank everywhere a bank is listed. Before the profile is added, the copy must not compile.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';

const exec = promisify(execFile);
// The copy's own test run reports as a test run of its own, not as a child of this one.
const { NODE_TEST_CONTEXT: _child, ...env } = process.env;
const run = (file: string, args: string[], opts: { cwd: string }) => exec(file, args, { ...opts, env });
const repo = path.resolve(import.meta.dirname, '../../..');
const tsc = path.join(repo, 'node_modules/typescript/bin/tsc');

/** The fenced blocks of the document, by their info string after the language. */
async function documentedBlocks(): Promise<Map<string, string>> {
  const doc = await readFile(path.join(repo, 'docs/adding-a-bank.md'), 'utf8');
  const blocks = new Map<string, string>();
  for (const m of doc.matchAll(/^```ts ([^\n]+)\n([\s\S]*?)^```$/gm)) blocks.set(m[1]!.trim(), m[2]!);
  return blocks;
}

let root: string;
let blocks: Map<string, string>;
const at = (...p: string[]) => path.join(root, ...p);

async function insertBefore(file: string, anchor: RegExp, text: string) {
  const s = await readFile(file, 'utf8');
  const m = anchor.exec(s);
  assert.ok(m, `${anchor} not found in ${file}`);
  await writeFile(file, s.slice(0, m.index) + text + s.slice(m.index));
}

async function typecheck(): Promise<string> {
  try {
    await run(process.execPath, [tsc, '-p', at('tsconfig.json')], { cwd: root });
    return '';
  } catch (err) {
    return String((err as { stdout?: string }).stdout ?? err);
  }
}

before(async () => {
  blocks = await documentedBlocks();
  root = await mkdtemp(path.join(tmpdir(), 'bahi-new-bank-'));
  for (const pkg of ['core', 'statements'])
    for (const part of ['src', 'package.json'])
      await cp(path.join(repo, 'packages', pkg, part), at('packages', pkg, part), { recursive: true });
  await cp(path.join(repo, 'packages/statements/test/fixtures'), at('packages/statements/test/fixtures'), {
    recursive: true,
  });
  await cp(
    path.join(repo, 'packages/statements/test/parse/golden.test.ts'),
    at('packages/statements/test/parse/golden.test.ts'),
  );
  // The copy's own @bahi/core; every other dependency is the repository's.
  await mkdir(at('node_modules/@bahi'), { recursive: true });
  for (const name of await readdir(path.join(repo, 'node_modules')))
    if (name !== '@bahi' && name !== '.bin')
      await symlink(path.join(repo, 'node_modules', name), at('node_modules', name));
  await symlink(at('packages/core'), at('node_modules/@bahi/core'));
  const base = JSON.parse(await readFile(path.join(repo, 'tsconfig.base.json'), 'utf8'));
  const compilerOptions = { ...base.compilerOptions, composite: false, declaration: false, noEmit: true };
  await writeFile(
    at('tsconfig.json'),
    // The bank table and everything that reads statements' tables follow from these two.
    JSON.stringify({
      compilerOptions,
      files: ['packages/core/src/index.ts', 'packages/statements/src/parse/index.ts'],
    }),
  );
});

after(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

test('adding a bank by docs/adding-a-bank.md alone', { timeout: 240_000 }, async () => {
  for (const step of ['bank-table', 'profile packages/statements/src/parse/banks/zeta.ts', 'registry-import'])
    assert.ok(blocks.has(step), `the document has the block '${step}'`);

  // 1. One line in the bank table; without a profile the registry must not compile.
  await insertBefore(at('packages/core/src/banks.ts'), /^\] as const satisfies/m, blocks.get('bank-table')!);
  const refused = await typecheck();
  assert.match(
    refused,
    /registry\.ts.*ZETA|ZETA[\s\S]*registry\.ts/,
    `a code without a profile compiles:\n${refused}`,
  );

  // 2. The profile file and its entry in the registry.
  await writeFile(
    at('packages/statements/src/parse/banks/zeta.ts'),
    blocks.get('profile packages/statements/src/parse/banks/zeta.ts')!,
  );
  const registry = at('packages/statements/src/parse/registry.ts');
  await insertBefore(registry, /^import type \{ BankProfile \}/m, blocks.get('registry-import')!);
  await insertBefore(registry, /^\};\n/m, blocks.get('registry-entry')!);
  assert.equal(await typecheck(), '', 'the copy typechecks with the new bank');

  // 3. Its fixture: a statement of the bank (an SBI report with the bank's name and IFSC in its
  // header) and the output it must read to, made from SBI's independently checked golden output.
  const sbi = (name: string) =>
    readFile(path.join(repo, 'packages/statements/test/fixtures/SBI', name), 'utf8');
  const source = (await sbi('report.source.json'))
    .replaceAll('STATE BANK OF INDIA', 'ZETA CO-OPERATIVE BANK')
    .replaceAll('SBIN0', 'ZETA0');
  const expected = (await sbi('report.expected.json'))
    .replaceAll('"SBI"', '"ZETA"')
    .replaceAll('SBIN0', 'ZETA0');
  await mkdir(at('packages/statements/test/fixtures/ZETA'));
  await writeFile(at('packages/statements/test/fixtures/ZETA/report.source.json'), source);
  await writeFile(at('packages/statements/test/fixtures/ZETA/report.expected.json'), expected);

  // The golden test of the copy: every bank has a fixture, each is detected and reads to its output.
  const golden = await run(
    process.execPath,
    ['--test', '--test-reporter=spec', at('packages/statements/test/parse/golden.test.ts')],
    { cwd: root },
  ).catch((err: { stdout: string }) => assert.fail(`golden test of the copy failed:\n${err.stdout}`));
  assert.match(golden.stdout, /ZETA\/report: matches its golden output/);

  // Everything that lists banks lists it, from the table alone.
  const probe = `
    import * as core from '@bahi/core';
    console.log(JSON.stringify({
      codes: core.BANK_CODES, label: core.BANK_LABELS.ZETA, ledger: core.defaultBankLedger('ZETA', '42'),
      download: core.xmlDownloadName('ZETA', '42'), pdf: core.bankAccepts('ZETA', 'pdf'),
      xlsx: core.bankAccepts('ZETA', 'xlsx'), list: core.bankCodeList(),
    }));`;
  await writeFile(at('packages/statements/probe.ts'), probe);
  const listed = JSON.parse(
    (await run(process.execPath, [at('packages/statements/probe.ts')], { cwd: root })).stdout,
  );
  assert.equal(listed.codes.length, 14);
  assert.ok(listed.codes.includes('ZETA'));
  assert.equal(listed.label, 'Zeta Co-operative Bank');
  assert.equal(listed.ledger, 'Zeta Co-operative Bank A/c 42');
  assert.equal(listed.download, 'statement_42.xml');
  assert.deepEqual([listed.pdf, listed.xlsx], [true, false]);
  assert.match(listed.list, /BANKOFINDIA, ZETA$/);
});
