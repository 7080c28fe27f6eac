// The reading commands from their bundle (scripts/bundle.ts) while it is current, else from their
// sources. Issue 19: `bahi parse` of one page spent about a quarter of its CPU in Node's module
// loader, resolving, reading and linking ~90 small modules; bundled they are a handful (decision
// 081, round three). "Current" means every file that went into the bundle still has the size and
// modification time it had then: one stat per file, ~1 ms in all, and any edit, checkout or
// missing file sends the command to its sources.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The commands bundled: those that read statements (the others load little, or run for hours). */
export const BUNDLED_COMMANDS = ['parse', 'xml'] as const;

export const BUNDLE_DIR = fileURLToPath(new URL('../dist/', import.meta.url));
export const MANIFEST = 'manifest.json';
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface BundleManifest {
  /** command -> its bundled module, beside the manifest */
  commands: Record<string, string>;
  /** each source file in the bundle, from the repository's root -> [size, mtimeMs] when bundled */
  inputs: Record<string, [number, number]>;
}

/** Whether every file the bundle was made from is unchanged. */
export function isCurrent(manifest: BundleManifest, root = ROOT): boolean {
  for (const [file, [size, mtimeMs]] of Object.entries(manifest.inputs)) {
    const s = statSync(path.join(root, file), { throwIfNoEntry: false });
    if (!s || s.size !== size || s.mtimeMs !== mtimeMs) return false;
  }
  return true;
}

/** The bundled module of a command, or null (no bundle, not this command, or not current). */
export async function loadBundled<T>(command: string, dir = BUNDLE_DIR): Promise<T | null> {
  let manifest: BundleManifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(dir, MANIFEST), 'utf8')) as BundleManifest;
  } catch {
    return null;
  }
  const file = manifest.commands[command];
  if (!file || !isCurrent(manifest)) return null;
  try {
    return (await import(pathToFileURL(path.join(dir, file)).href)) as T;
  } catch {
    return null; // a bundle that cannot load (a dependency moved): the sources still can
  }
}
