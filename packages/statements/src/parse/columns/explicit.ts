// Columns the user marked (a taught layout), or that the dated rows and their balances placed: the
// bands are the marks themselves.
import type { Line } from '../lines.ts';
import type { TaughtLayout } from '../types.ts';
import type { ColumnModel, Header } from './model.ts';

export function explicitModel(taught: TaughtLayout, lines: Line[]): ColumnModel {
  const columns = [...taught.columns].sort((a, b) => a.x0 - b.x0).map((c) => ({ ...c, label: c.role }));
  const widths = lines.flatMap((l) => l.runs.map((r) => (r.x1 - r.x0) / Math.max(1, r.text.length)));
  const charWidth = widths.length ? [...widths].sort((a, b) => a - b)[widths.length >> 1]! : 5;
  const header: Header = { columns, charWidth };
  return { header, bands: columns.map((c) => ({ col: c, x0: c.x0, x1: c.x1 })) };
}
