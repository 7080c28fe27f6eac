import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatMonth } from './format.ts';

// Issue 34 round three: dates in one style everywhere (DD-MM-YYYY; four styles were on the
// screens), counts in Indian grouping, all from format.ts.

it('formats dates DD-MM-YYYY and counts in Indian grouping', () => {
  const at = new Date(2026, 0, 5, 9, 7); // local time: the screens show the browser's
  expect(formatDate(at.toISOString())).toBe('05-01-2026');
  expect(formatDateTime(at.toISOString())).toBe('05-01-2026 09:07');
  expect(formatDate('not a date')).toBe('not a date');
  expect(formatCount(123456)).toBe('1,23,456');
});

it('formats months as "Jan 2026" (issue 34 round four)', () => {
  expect(formatMonth('2026-01')).toBe('Jan 2026');
  expect(formatMonth('2025-12')).toBe('Dec 2025');
  expect(formatMonth('2025-13')).toBe('2025-13');
  expect(formatMonth('')).toBe('');
});

it('no screen shows a month as YYYY-MM: the book and the approvals name months through formatMonth', () => {
  const src = import.meta.dirname;
  for (const f of ['office/BookView.tsx', 'office/ClientActivity.tsx']) {
    const text = readFileSync(path.join(src, f), 'utf8');
    // a month printed into the page as is: `{m.month}`, `{m}` of the months list, `{c.month ?? ''}`
    expect(text, f).not.toMatch(/>\s*\{(m\.month|m|c\.month \?\? '')\}|Push \{m\.month\}|Approve \$\{m\}/);
    expect(text, f).toMatch(/formatMonth\(/);
  }
});

it('no screen formats a date or time with toLocaleString or toLocaleDateString', () => {
  const src = import.meta.dirname;
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
    (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && f !== 'format.ts',
  );
  const found = files.flatMap((f) =>
    readFileSync(path.join(src, f), 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        /\.toLocale(Date|Time)?String\(/.test(line) || /\bIntl\.DateTimeFormat\b/.test(line)
          ? [`${f}:${i + 1}: ${line.trim()}`]
          : [],
      ),
  );
  expect(found).toEqual([]);
});
