// Issue 19 (decision 081, round three): `bahi parse` and `bahi xml` run from a bundle of their
// modules while every file in it is unchanged, and read exactly as their sources do.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { makeStatement } from '../../statements/test/extract/make-statement.ts';
import { type BundleManifest, isCurrent, loadBundled, MANIFEST } from '../src/bundled.ts';
import { IN_PROCESS_MAX_BYTES } from '../src/commands/parse.ts';
import { ROOT, runNode, type Run } from './run.ts';

// Inside the repository, as the real bundle is: its dependencies resolve from node_modules.
const bundleDir = path.join(ROOT, 'packages/cli/dist', `test-${process.pid}`);
const work = mkdtempSync(path.join(tmpdir(), 'bahi-bundle-'));
after(() => {
  rmSync(bundleDir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

const DRIVER = `const [mod, ...args] = process.argv.slice(2);
const { run } = await import(mod);
process.exitCode = await run(args);
`;

/** A command run from a module: its sources (src/commands) or the bundle made here. */
function command(from: 'sources' | 'bundle', name: string, args: string[]): Promise<Run> {
  const driver = path.join(work, 'driver.mjs');
  writeFileSync(driver, DRIVER);
  const mod =
    from === 'bundle'
      ? path.join(bundleDir, `${name}.js`)
      : path.join(ROOT, `packages/cli/src/commands/${name}.ts`);
  return runNode(driver, [pathToFileURL(mod).href, ...args]);
}

/** A CSV statement of `rows` rows whose balances run true. */
function bigCsv(rows: number): string {
  const lines = ['Date,Narration,Withdrawal,Deposit,Balance'];
  let balance = 10_000_000;
  for (let i = 0; i < rows; i++) {
    const paise = 10_000 + ((i * 7919) % 90_000);
    const deposit = i % 3 === 0;
    balance += deposit ? paise : -paise;
    const day = String(1 + (i % 28)).padStart(2, '0');
    const money = (p: number) => (p / 100).toFixed(2);
    lines.push(
      [
        `${day}/04/2025`,
        `UPI-MERCHANT NUMBER ${i}-PAYMENT FOR ORDER ${i * 31}-${'REMARKS OF THE PAYER '.repeat(5)}`,
        deposit ? '' : money(paise),
        deposit ? money(paise) : '',
        money(balance),
      ].join(','),
    );
  }
  return lines.join('\n');
}

test('the bundle is made, and used only while every file it was made from is unchanged', async () => {
  const made = await runNode(path.join(ROOT, 'packages/cli/scripts/bundle.ts'), [bundleDir]);
  assert.equal(made.code, 0, made.stderr);
  const manifest = JSON.parse(readFileSync(path.join(bundleDir, MANIFEST), 'utf8')) as BundleManifest;
  assert.deepEqual(manifest.commands, { parse: 'parse.js', xml: 'xml.js' });
  for (const file of ['packages/statements/src/parse/rows.ts', 'packages/tally/src/index.ts'])
    assert.ok(manifest.inputs[file], `${file} is in the bundle`);
  assert.equal(isCurrent(manifest), true);

  const [file, [size, mtimeMs]] = Object.entries(manifest.inputs)[0]!;
  const withInput = (name: string, stat: [number, number]): BundleManifest => ({
    ...manifest,
    inputs: { ...manifest.inputs, [name]: stat },
  });
  assert.equal(isCurrent(withInput(file, [size, mtimeMs + 1])), false, 'a file edited since');
  assert.equal(isCurrent(withInput(file, [size + 1, mtimeMs])), false, 'a file of another size');
  assert.equal(isCurrent(withInput('packages/cli/src/gone.ts', [1, 1])), false, 'a file removed');
  // commands that are not bundled, and a directory without a bundle, load nothing
  assert.equal(await loadBundled('serve', bundleDir), null);
  assert.equal(await loadBundled('parse', work), null);
});

test('bundled, parse and xml give what their sources give, in this process and in a reader process', async () => {
  const pdf = path.join(work, 'statement.pdf');
  await makeStatement(pdf, 2);
  const csv = path.join(work, 'big.csv');
  writeFileSync(csv, bigCsv(12_000));
  // over the in-process limit: read by a reader process (worker/child.ts, found by package name)
  assert.ok(readFileSync(csv).length > IN_PROCESS_MAX_BYTES);

  for (const args of [
    ['parse', pdf, '--format', 'json'],
    ['xml', pdf, '--ledger', 'HDFC Bank'],
    ['parse', csv, '--format', 'csv'],
  ]) {
    const [name, ...rest] = args as [string, ...string[]];
    const sources = await command('sources', name, rest);
    const bundled = await command('bundle', name, rest);
    assert.equal(sources.code, 0, `${args.join(' ')}: ${sources.stderr}`);
    assert.equal(bundled.code, sources.code, bundled.stderr);
    assert.ok(sources.stdout.length > 1000, args.join(' '));
    assert.equal(bundled.stdout, sources.stdout, args.join(' '));
    assert.equal(bundled.stderr, sources.stderr, args.join(' '));
  }
});
