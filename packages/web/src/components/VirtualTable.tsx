import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';

// The frame of the long tables (bank transactions, voucher rows): a box that scrolls both ways with a
// sticky header, and only the rows in view (plus a margin) in the page; spacer rows above and below
// stand in for the rest, so the scroll bar and Tab order stay true. Rows have one fixed height, which
// keeps the virtualiser's arithmetic exact.

/** The rows to render now and the spacers around them. */
export function useVirtualRows(opts: {
  count: number;
  rowHeight: number;
  overscan: number;
  getItemKey?: (index: number) => string | number;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: opts.count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => opts.rowHeight,
    overscan: opts.overscan,
    getItemKey: opts.getItemKey,
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items.length ? items[0].start : 0;
  const padBottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  return { scrollRef, virtualizer, items, padTop, padBottom };
}

/**
 * The rows to render now and the spacers around them, for a table whose rows all have one height
 * and keep no key of their own (the result table, issue 19): which rows are in view is arithmetic
 * on the scroll offset, so no list of every row's position is kept (the general virtualiser above
 * builds one of `count` entries whenever the count changes: 20,000 on clearing a filter), and the
 * table renders only when the first or last row in view changes, not on every scroll step.
 */
export function useFixedRows(opts: { count: number; rowHeight: number; overscan: number }) {
  const { count, rowHeight, overscan } = opts;
  const scrollRef = useRef<HTMLDivElement>(null);
  // The rows in view (first, and one past the last), before the overscan and the count's bounds.
  const [view, setView] = useState({ first: 0, end: 0 });
  const read = useCallback(
    (sync: boolean) => {
      const el = scrollRef.current;
      if (!el) return;
      const top = el.scrollTop;
      const first = Math.floor(top / rowHeight);
      const end = Math.ceil((top + el.clientHeight) / rowHeight);
      const update = () => setView((v) => (v.first === first && v.end === end ? v : { first, end }));
      // Scrolled: the new rows are drawn in the same frame as the scroll (as the virtualiser does).
      if (sync) flushSync(update);
      else update();
    },
    [rowHeight],
  );
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    read(false);
    const onScroll = () => read(true);
    el.addEventListener('scroll', onScroll, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => read(false));
    resized?.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      resized?.disconnect();
    };
  }, [read]);
  // A new count can move the scroll offset (fewer rows: the browser clamps it): read it again
  // before the frame is painted, so the rows drawn are the ones in view.
  useLayoutEffect(() => read(false), [count, read]);
  const start = Math.min(count, Math.max(0, view.first - overscan));
  const end = Math.max(start, Math.min(count, view.end + overscan));
  const items: { index: number; start: number; end: number }[] = [];
  for (let i = start; i < end; i++) items.push({ index: i, start: i * rowHeight, end: (i + 1) * rowHeight });
  const scrollToIndex = useCallback(
    (index: number, { align }: { align: 'center' | 'auto' }) => {
      const el = scrollRef.current;
      if (!el) return;
      const height = el.clientHeight;
      const top = index * rowHeight;
      if (align === 'center') el.scrollTop = Math.max(0, top - (height - rowHeight) / 2);
      else if (top < el.scrollTop) el.scrollTop = top;
      else if (top + rowHeight > el.scrollTop + height) el.scrollTop = top + rowHeight - height;
    },
    [rowHeight],
  );
  return {
    scrollRef,
    scrollToIndex,
    items,
    padTop: start * rowHeight,
    padBottom: (count - end) * rowHeight,
  };
}

export const headCell: CSSProperties = {
  textAlign: 'left',
  fontSize: 'var(--mantine-font-size-sm)',
  fontWeight: 600,
  padding: '8px 6px',
  borderBottom: '1px solid var(--mantine-color-gray-3)',
};

/** A body cell of a table whose rows are `rowHeight` tall. */
export const bodyCell = (rowHeight: number, padding = '4px 6px'): CSSProperties => ({
  padding,
  height: rowHeight,
  boxSizing: 'border-box',
  verticalAlign: 'middle',
});

type Props = {
  scrollRef: RefObject<HTMLDivElement | null>;
  label?: string;
  /** The box is a named, focusable region (arrow keys then scroll it). */
  region?: boolean;
  style: CSSProperties;
  minWidth: number;
  columns: number;
  /** The header row's cells. */
  head: ReactNode;
  padTop: number;
  padBottom: number;
  /**
   * The columns as a CSS grid template (one width per column, e.g. '48px minmax(0, 1fr) 120px'):
   * the table is then laid out as blocks and grids (index.css, .vt-grid) instead of by the table
   * algorithm, which lays out every row again when one is added; a row of fixed height is then
   * laid out on its own when it scrolls in, and the rows already there are not (issue 19). Rows
   * and cells keep their table roles (given explicitly, as a display other than table's may drop
   * them in some browsers); body rows are the caller's and carry role="row" and role="cell".
   */
  grid?: string;
  onKeyDown?: (e: KeyboardEvent<HTMLDivElement>) => void;
  children: ReactNode;
};

export function VirtualTable(props: Props) {
  const grid = props.grid !== undefined;
  const spacer = (height: number) =>
    height > 0 && (
      <tr aria-hidden style={{ height }}>
        <td colSpan={props.columns} />
      </tr>
    );
  const tableStyle: CSSProperties = grid
    ? ({ minWidth: props.minWidth, '--vt-cols': props.grid } as CSSProperties)
    : { width: '100%', minWidth: props.minWidth, borderCollapse: 'collapse', tableLayout: 'fixed' };
  const box = (
    <div
      ref={props.scrollRef}
      role={props.region ? 'region' : undefined}
      aria-label={props.region ? props.label : undefined}
      tabIndex={props.region ? 0 : undefined}
      onKeyDown={props.onKeyDown}
      style={{
        overflow: 'auto',
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 4,
        // What changes inside (rows scrolled in, a filter) is laid out and painted without the
        // rest of the page; with a fixed height the box is a relayout boundary (issue 19), if it
        // is not a flex or grid item (Chromium lays those out from their container: see below).
        contain: props.style.height === undefined ? 'content' : 'strict',
        // Rows come and go as it scrolls, and a filter swaps them all: the browser's scroll
        // anchoring would pick a row to keep in place on each change and move the offset when it
        // goes (a second render of the rows in view, issue 19); the spacers keep it true anyway.
        overflowAnchor: grid ? 'none' : undefined,
        ...props.style,
      }}
    >
      <table
        aria-label={props.label}
        role={grid ? 'table' : undefined}
        className={grid ? 'vt-grid' : undefined}
        style={tableStyle}
      >
        <thead
          role={grid ? 'rowgroup' : undefined}
          style={{ position: 'sticky', top: 0, zIndex: 1, background: 'var(--mantine-color-gray-1)' }}
        >
          <tr role={grid ? 'row' : undefined}>{props.head}</tr>
        </thead>
        <tbody role={grid ? 'rowgroup' : undefined}>
          {spacer(props.padTop)}
          {props.children}
          {spacer(props.padBottom)}
        </tbody>
      </table>
    </div>
  );
  // In grid mode the box sits in a plain block: in a Mantine Stack it would be a flex item, and a
  // flex item is never a relayout boundary, so each row scrolled in was laid out from the
  // document down, through every flex container of the page (issue 19).
  return grid ? <div>{box}</div> : box;
}

/**
 * Focuses the element matching `selector` inside `box` once the virtualiser has rendered it (it
 * appears a frame or two after a scroll). Returns a cancel function.
 */
export function focusWhenRendered(
  box: HTMLElement | null,
  selector: string,
  done: () => void = () => undefined,
): () => void {
  let frames = 0;
  let handle = 0;
  const attempt = () => {
    const el = box?.querySelector<HTMLElement>(selector);
    if (el) {
      el.focus();
      done();
    } else if (++frames < 10) handle = requestAnimationFrame(attempt);
    else done();
  };
  handle = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(handle);
}
