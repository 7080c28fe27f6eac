// `bahi --help` and every `bahi COMMAND --help`, run as the user runs them: a separate Node 24
// process on packages/cli/src/main.ts. Every command is listed, every option it parses is in its
// help, and the exit codes mean the same in every command.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { EXIT } from '../src/args.ts';
import { ROOT, bahi } from './run.ts';

// Every option each command accepts; a new option without a line in its help fails here.
const OPTIONS: Record<string, string[]> = {
  serve: [],
  admin: [],
  parse: ['--bank', '--password', '--format', '--out'],
  xml: [
    '--bank',
    '--password',
    '--ledger',
    '--company',
    '--with-masters',
    '--no-contra',
    '--contra-for-cash',
    '--out',
  ],
  push: ['--host', '--port', '--timeout'],
  bridge: ['--port', '--origin', '--tally-port'],
  'tally-emulator': ['--port', '--host', '--company'],
};
const COMMANDS = Object.keys(OPTIONS);

test('bahi --help lists every command with its options, and what each exit code means', async () => {
  const r = await bahi('--help');
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr, '');
  for (const name of COMMANDS) {
    const line = r.stdout.split('\n').find((l) => l.startsWith(`  bahi ${name}`));
    assert.ok(line, `${name} is listed`);
    for (const option of OPTIONS[name]) assert.ok(line.includes(option), `${name} synopsis has ${option}`);
  }
  for (const code of Object.values(EXIT)) assert.match(r.stdout, new RegExp(`^  ${code}  \\S`, 'm'));
  assert.equal((await bahi()).stdout, r.stdout, 'bahi alone shows the same help');
});

for (const name of COMMANDS) {
  test(`bahi ${name} --help names every option, on stdout, exit 0`, async () => {
    const r = await bahi(name, '--help');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '');
    assert.match(r.stdout, new RegExp(`^Usage: bahi ${name}\\b`));
    for (const option of OPTIONS[name]) assert.ok(r.stdout.includes(option), `${option} in the help`);
  });
}

test('xml and push --help say what every exit code they use means', async () => {
  const expected = { xml: [0, 1, 2, 3, 4], push: [0, 1, 3, 4] };
  for (const [name, codes] of Object.entries(expected)) {
    const { stdout } = await bahi(name, '--help');
    const listed = [...stdout.split('Exit status:')[1].matchAll(/^ {2}(\d) {2}\S/gm)].map((m) =>
      Number(m[1]),
    );
    assert.deepEqual(listed, codes, name);
  }
});

test('usage errors exit 1 with one line on stderr and nothing on stdout', async () => {
  const cases = [
    ['nope'],
    ['xml'],
    ['xml', '--bogus', 'f.pdf'],
    ['xml', 'f.pdf', '--bank', 'NOBANK'],
    ['push', 'a.xml', 'b.xml'],
    ['push', 'a.xml', '--port', '70000'],
    ['push', 'a.xml', '--timeout', 'soon'],
    ['bridge', '--port', 'x'],
    ['tally-emulator', '--port', '-1'],
    ['admin', 'grant'],
    ['admin', 'revoke', 'a@b.c'],
    ['serve', '--verbose'],
  ];
  for (const args of cases) {
    const r = await bahi(...args);
    assert.equal(r.code, EXIT.usage, `${args.join(' ')}: ${r.stderr}`);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /^bahi( [a-z-]+)?: [^\n]+\n$/, args.join(' '));
  }
});

test('a file that cannot be read exits 3 for xml and push', async () => {
  for (const name of ['xml', 'push']) {
    const r = await bahi(name, path.join(ROOT, 'no-such-file'));
    assert.equal(r.code, EXIT.unreadable, r.stderr);
    assert.match(r.stderr, /^bahi (xml|push): .*no-such-file\n$/);
  }
});
