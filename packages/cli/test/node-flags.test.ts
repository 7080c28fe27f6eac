// Issue 19: `bahi serve` and `bahi worker` restart themselves in place with the server's Node flags
// (src/node-flags.ts), so the server's young generation stays small whoever starts it.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '@bahi/server/config.ts';
import { MAIN, NODE, ROOT } from './run.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'bahi-flags-'));
after(() => rmSync(dir, { recursive: true, force: true }));

// Restarts, then churns through short-lived objects (what grew the server's young generation to
// 128 MB) and says which process it is, with what flags, and how big the young generation grew.
const script = path.join(dir, 'restart.mjs');
writeFileSync(
  script,
  `
import v8 from 'node:v8';
import { restartWith } from ${JSON.stringify(pathToFileURL(path.join(ROOT, 'packages/cli/src/node-flags.ts')).href)};
restartWith(${JSON.stringify(SERVER_NODE_FLAGS)}, ${JSON.stringify(SERVER_ENV)});
let keep = [];
for (let i = 0; i < 2e6; i++) {
  keep.push({ i, s: 'x' + i });
  if (keep.length > 2e5) keep = [];
}
const young = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
console.log(JSON.stringify({ pid: process.pid, execArgv: process.execArgv, youngMb: young / 2 ** 20, tunables: process.env.GLIBC_TUNABLES ?? null }));
`,
);

function run(env: NodeJS.ProcessEnv) {
  const merged: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const k of Object.keys(env)) if (env[k] === undefined) delete merged[k];
  const r = spawnSync(NODE, [script], { encoding: 'utf8', env: merged });
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.trim().split('\n');
  assert.equal(lines.length, 1, 'the command ran once, after the restart');
  return {
    started: r.pid,
    ...(JSON.parse(lines[0]!) as {
      pid: number;
      execArgv: string[];
      youngMb: number;
      tunables: string | null;
    }),
  };
}

test('the process restarts in place with the server flags, and its young generation stays within them', () => {
  const r = run({ NODE_OPTIONS: '', GLIBC_TUNABLES: undefined });
  assert.deepEqual(r.execArgv, [...SERVER_NODE_FLAGS]);
  assert.equal(r.tunables, SERVER_ENV.GLIBC_TUNABLES, 'with the server environment');
  assert.equal(r.pid, r.started, 'the same process (execve), not a child of it');
  // --max-semi-space-size=8: two semi-spaces of at most 8 MB, and the one page V8 may hold beside
  // them (16.25 MB seen in a CI run at load); without the flag this grows to 128 MB
  assert.ok(r.youngMb <= 16.5, `young generation ${r.youngMb} MB`);
});

test('a flag already given in NODE_OPTIONS and a variable already set are kept as given: no restart', () => {
  const r = run({ NODE_OPTIONS: '--max-semi-space-size=4', GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' });
  assert.deepEqual(r.execArgv, []);
  assert.equal(r.pid, r.started);
  assert.equal(r.tunables, 'glibc.malloc.arena_max=2');
  assert.ok(r.youngMb <= 8, `young generation ${r.youngMb} MB`);
});

/** The Node flags `bahi serve` runs with once it has restarted itself (read from /proc), then ended. */
async function serveFlags(env: NodeJS.ProcessEnv): Promise<string[]> {
  const child = spawn(NODE, [MAIN, 'serve'], {
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PORT: '0',
      HOST: '127.0.0.1',
      BAHI_DATA_DIR: mkdtempSync(path.join(dir, 'data-')),
      ...env,
    },
    stdio: 'ignore',
  });
  try {
    for (let i = 0; i < 600; i++) {
      const argv = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0');
      if (argv.some((a) => a.startsWith('--max-semi-space-size')))
        return argv.filter((a) => a.startsWith('--'));
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('bahi serve did not restart with its flags');
  } finally {
    child.kill('SIGKILL');
  }
}

test(
  '`bahi serve` on the embedded database takes --liftoff-only at the default budget too (decision 081, 2026-11-29)',
  { skip: process.platform !== 'linux' && 'reads /proc' },
  async () => {
    assert.ok((await serveFlags({ BAHI_MEMORY_MB: '', DATABASE_URL: '' })).includes('--liftoff-only'));
    assert.ok((await serveFlags({ BAHI_MEMORY_MB: '1024', DATABASE_URL: '' })).includes('--liftoff-only'));
  },
);
