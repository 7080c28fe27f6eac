import type { OnlyFilter } from '@bahi/core';
import type { FilterState } from './Filters.tsx';

// The result screen's filters live in the address (?k=upi&k=rent&only=withdrawals&from=&to=), so a
// reload or a link shows the same rows (issue 19). Written with history.replaceState, which keeps
// the router's own state and does not re-render the route on every keystroke.

const ONLY: readonly OnlyFilter[] = ['all', 'withdrawals', 'deposits'];
const ISO = /^\d{4}-\d{2}-\d{2}$/;

export function filterFromSearch(search: string): FilterState {
  const q = new URLSearchParams(search);
  const keywords = q.getAll('k').slice(0, 20);
  const only = q.get('only') as OnlyFilter | null;
  const from = q.get('from') ?? '';
  const to = q.get('to') ?? '';
  return {
    keywords: keywords.length ? keywords : [''],
    only: only && ONLY.includes(only) ? only : 'all',
    from: ISO.test(from) ? from : '',
    to: ISO.test(to) ? to : '',
  };
}

function searchOfFilter(f: FilterState): string {
  const q = new URLSearchParams();
  for (const k of f.keywords) if (k.trim()) q.append('k', k);
  if (f.only !== 'all') q.set('only', f.only);
  if (f.from) q.set('from', f.from);
  if (f.to) q.set('to', f.to);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Replaces the address's query with the filter's, keeping path, hash and the router's state. */
export function keepFilterInAddress(f: FilterState): void {
  const search = searchOfFilter(f);
  if (search === window.location.search) return;
  const url = `${window.location.pathname}${search}${window.location.hash}`;
  window.history.replaceState(window.history.state, '', url);
}
