// Checks the bundle budget of DESIGN.md after `vite build`: the JS a first visit loads (the entry
// and the splash screen with their static imports) <= 170 KB gzip, and any screen <= 250 KB.
// Run: npm exec -- node packages/web/scripts/check-budget.ts
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; src?: string };

const dist = path.join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;
const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;

function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const k of keys) {
    if (seen.has(k) || !manifest[k]) continue;
    seen.add(k);
    closure(manifest[k].imports ?? [], seen);
  }
  return seen;
}
const kb = (keys: Set<string>) => [...keys].reduce((n, k) => n + gz(manifest[k].file), 0) / 1024;

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
const base = closure([entry]);
const landing = kb(
  closure(
    ['src/pages/SplashPage.tsx', 'src/pages/HomePage.tsx', 'src/components/AppLayout.tsx'].filter(
      (k) => manifest[k],
    ),
    new Set(base),
  ),
);
let failed = landing > 170;
console.log(`landing (entry + splash + shell + home): ${landing.toFixed(1)} KB gzip (budget 170)`);
let largest = { page: '', size: 0 };
// every screen the router loads, wherever its file is (the office screens are in src/office)
const screens = new Set(
  [...base].flatMap((k) => manifest[k]!.dynamicImports ?? []).filter((k) => k.startsWith('src/')),
);
for (const k of Object.keys(manifest).filter((k) => k.startsWith('src/pages/'))) screens.add(k);
for (const k of screens) {
  const size = kb(closure([k, 'src/components/AppLayout.tsx'], new Set(base)));
  if (size > largest.size) largest = { page: k, size };
  if (size > 250) {
    failed = true;
    console.log(`${k}: ${size.toFixed(1)} KB gzip (budget 250)`);
  }
}
console.log(`largest screen: ${largest.page} ${largest.size.toFixed(1)} KB gzip (budget 250)`);
process.exit(failed ? 1 : 0);
