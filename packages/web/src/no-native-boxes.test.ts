import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

// Issue 34: no native alert/confirm/prompt box anywhere in the web app; messages are said in the
// page (components/say.ts, components/asking.tsx).
it('no screen calls window.alert, confirm or prompt', () => {
  const src = import.meta.dirname;
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
    (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f),
  );
  const found = files.flatMap((f) =>
    readFileSync(path.join(src, f), 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        /\b(alert|confirm|prompt)\(/.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [],
      ),
  );
  expect(found).toEqual([]);
});
