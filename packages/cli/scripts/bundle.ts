// node packages/cli/scripts/bundle.ts [OUT_DIR]  (npm run bundle -w @bahi/cli; run by `npm ci` and `npm run build`)
// Bundles the reading commands (`bahi parse`, `bahi xml`) with the workspace's own packages into a
// few ES modules under packages/cli/dist, beside a manifest of every source file that went in. The
// ~90 TypeScript modules of a read cost a start more in Node's module loader than in running them
// (issue 19; decision 081, round three); src/bundled.ts uses the bundle only while every source
// file is as it was bundled, so an edited tree runs its sources. Dependencies from node_modules
// stay outside: they are resolved from packages/cli/dist as from the sources. Without esbuild (an
// install without dev dependencies) nothing is bundled and the commands run from their sources.
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BundleManifest } from '../src/bundled.ts';
import { BUNDLE_DIR, BUNDLED_COMMANDS, MANIFEST } from '../src/bundled.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const outDir = path.resolve(process.argv[2] ?? BUNDLE_DIR);

let esbuild: typeof import('esbuild');
try {
  esbuild = await import('esbuild');
} catch {
  console.log('bahi: esbuild is not installed; the commands run from their TypeScript sources');
  process.exit(0);
}

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const result = await esbuild
  .build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(
      BUNDLED_COMMANDS.map((name) => [name, `packages/cli/src/commands/${name}.ts`]),
    ),
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [
      {
        // node_modules stay where they are; only the workspace's packages go into the bundle
        name: 'dependencies-outside',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (a) =>
            a.path.startsWith('@bahi/') ? undefined : { external: true },
          );
        },
      },
    ],
  })
  .catch((err: unknown) => {
    // never a failed install for a speed-up: without a manifest the commands run from their sources
    // (cli/test/bundle.test.ts fails on a bundle that cannot be made)
    console.warn(
      `bahi: no bundle made (${err instanceof Error ? err.message.split('\n')[0] : String(err)}); the commands run from their sources`,
    );
    process.exit(0);
  });

const inputs: BundleManifest['inputs'] = {};
for (const file of Object.keys(result.metafile.inputs)) {
  const s = statSync(path.join(root, file));
  inputs[file] = [s.size, s.mtimeMs];
}
const manifest: BundleManifest = {
  commands: Object.fromEntries(BUNDLED_COMMANDS.map((name) => [name, `${name}.js`])),
  inputs,
};
// written last, and whole: a bundle half made is never taken for a current one
const tmp = path.join(outDir, `${MANIFEST}.${process.pid}`);
writeFileSync(tmp, JSON.stringify(manifest));
renameSync(tmp, path.join(outDir, MANIFEST));
console.log(
  `bahi: bundled ${BUNDLED_COMMANDS.join(', ')} from ${Object.keys(inputs).length} files into ${path.relative(root, outDir) || '.'}`,
);
