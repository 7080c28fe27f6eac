// How the CLI tests run `bahi`: a separate Node 24 process from the repo root, as the operator
// runs it, with its exit code and output collected.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(fileURLToPath(import.meta.url), '../../../..');
export const NODE = path.join(ROOT, 'node_modules/.bin/node');
export const MAIN = path.join(ROOT, 'packages/cli/src/main.ts');

export type Run = { code: number | null; stdout: string; stderr: string };

/** `node SCRIPT ARGS` from the repo root; `env`, when given, is the whole environment. */
export function runNode(script: string, args: readonly string[], env?: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [script, ...args], { cwd: ROOT, ...(env ? { env } : {}) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `bahi ARGS` in this process's environment. */
export const bahi = (...args: string[]): Promise<Run> => runNode(MAIN, args);

/** `bahi ARGS` with only `env` in the environment. */
export const bahiWith = (env: NodeJS.ProcessEnv, ...args: string[]): Promise<Run> => runNode(MAIN, args, env);
