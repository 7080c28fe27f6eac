// `bahi` commands as real processes, for the tests of issue 37 (the database going away, SIGTERM).
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { TEST_SECRET } from './harness.ts';
import { dropBody } from './queue.ts';

const CLI = path.resolve(import.meta.dirname, '../../../cli/bin/bahi.js');

/** The queue's timers for process tests (heartbeat at pg-boss's minimum), one file at a time. */
export const QUEUE_ENV = {
  BAHI_QUEUE_HEARTBEAT_SECONDS: '10',
  BAHI_QUEUE_SUPERVISE_SECONDS: '2',
  BAHI_QUEUE_POLL_SECONDS: '0.5',
  BAHI_QUEUE_RETRY_DELAY_SECONDS: '0',
  BAHI_QUEUE_CONCURRENCY: '1',
};

export type Proc = { child: ChildProcess; lines: string[]; exited: Promise<number | null> };

/** `bahi ARGS` with the test secret and queue timers; every stdout and stderr line is kept. */
export function spawnBahi(args: string[], env: Record<string, string>): Proc {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, ...QUEUE_ENV, JWT_SECRET: TEST_SECRET, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const p: Proc = {
    child,
    lines: [],
    exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))),
  };
  for (const s of [child.stdout!, child.stderr!])
    s.on('data', (d) => p.lines.push(...String(d).split('\n').filter(Boolean)));
  return p;
}

export const alive = (p: Proc) => p.child.exitCode === null && p.child.signalCode === null;

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** A drop over HTTP, as the web app sends it. */
export async function httpDrop(base: string, token: string, files: { name: string; bytes: Buffer }[]) {
  const { body, contentType } = dropBody(null, files);
  const res = await fetch(`${base}/api/office/drops`, {
    method: 'POST',
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    body,
  });
  return { status: res.status, body: (await res.json()) as any };
}
