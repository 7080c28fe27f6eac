import type { LedgerSuggestion, StatementTransaction, TaxSplitInfo } from '@bahi/contract';
import { describeTaxSplit, type TaxLedgerNames } from '@bahi/core';
import { ActionIcon, Group, TextInput } from '@mantine/core';
import { lazy, memo, Suspense, useEffect, useMemo, useState } from 'react';
import type { RowFix } from './useBankReview.ts';
import { bodyCell, headCell, useFixedRows, VirtualTable } from '../components/VirtualTable.tsx';
import { TALLY_LEDGER_LIST_ID } from '../tally/company.ts';
import { focusRowCell, rowStep } from '../components/row-keys.ts';
import { rowMovement } from '../tally/row-movement.ts';
import { legsOf } from '../tally/split-legs.ts';

// The split's dialog loads when first opened: the table itself stays as light as it was.
const TaxSplitDialog = lazy(() =>
  import('../tally/TaxSplitControl.tsx').then((m) => ({ default: m.TaxSplitDialog })),
);

// The transactions as a table with a sticky header. Only the rows in view (plus a margin) are in
// the page, so 5,000 rows scroll as smoothly as 50. With `onLedger` each row has a Ledger Name
// input saved on blur, with the ledger-memory suggestion (and its reason) beside it.

export const ROW_HEIGHT = 40;
/**
 * Rows kept beyond the view on each side (240px): enough for Tab to reach the next row's ledger
 * and for a wheel step before the page catches up. Every row in the page is one more paint chunk
 * to layerize on each frame: 12 a side cost ~0.4 ms a frame more than 4 when scrolling (issue 19).
 */
const OVERSCAN = 6;

type Props = {
  rows: readonly StatementTransaction[];
  /** indexes into `rows` to show, in order (all rows when omitted) */
  shown?: readonly number[];
  height: number;
  label: string;
  onLedger?: (index: number, ledger: string) => void;
  suggestions?: ReadonlyMap<number, LedgerSuggestion>;
  /** rows that break the balance proof: index -> reason */
  breaks?: ReadonlyMap<number, string>;
  /** the first row where the chain breaks: marked apart, with its difference (issue 17) */
  firstBreak?: { row: number; difference: string } | null;
  /** rows read from a scan that the reader could not vouch for: marked, to compare with the paper */
  unsure?: ReadonlySet<number>;
  /** fix in place: date, amounts and balance become inputs, with delete and add-row buttons */
  edit?: {
    onEdit: (index: number, fix: RowFix) => void;
    onDelete: (index: number) => void;
    onInsert: (after: number) => void;
  };
  /** scroll this row into view when it changes ({ row, at } so the same row can be asked again) */
  jumpTo?: { row: number; at: number } | null;
  /** a GST/TDS column (issue 35): each row's split and its tax legs, set in a dialog */
  splits?: SplitColumn;
};

export type SplitColumn = {
  onSplit: (index: number, split: TaxSplitInfo | null) => Promise<void>;
  /** the bank ledger the voucher's last leg names */
  bankLedger: string;
  /** the company's own tax ledgers (core's splitTaxLedgersOfCompany), as the export names them */
  taxLedgers?: Partial<TaxLedgerNames>;
};

export function TransactionsTable({
  rows,
  shown,
  height,
  label,
  onLedger,
  suggestions,
  breaks,
  firstBreak,
  unsure,
  edit,
  jumpTo,
  splits,
}: Props) {
  const [splitting, setSplitting] = useState<number | null>(null);
  const count = shown ? shown.length : rows.length;
  const { scrollRef, scrollToIndex, items, padTop, padBottom } = useFixedRows({
    count,
    rowHeight: ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  useEffect(() => {
    if (!jumpTo) return;
    const at = shown ? shown.indexOf(jumpTo.row) : jumpTo.row;
    if (at < 0) return;
    scrollToIndex(at, { align: 'center' });
    // and the table itself into the window (issue 34 round three: "Show row" moved only the table's
    // own scroll, below the fold); happy-dom has no scrollIntoView
    scrollRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [jumpTo, shown, scrollToIndex, scrollRef]);
  // The columns, their grid and header cells change only with the ledger and fix columns: not
  // made again on every scroll step (the table renders on each one).
  const withLedger = onLedger !== undefined;
  const withEdit = edit !== undefined;
  const withSplit = splits !== undefined && !withEdit;
  const { columns, grid, head } = useMemo(() => {
    const columns = COLUMNS.filter((c) =>
      c.ledger ? withLedger : c.edit ? withEdit : c.split ? withSplit : true,
    );
    return {
      columns,
      grid: columns.map((c) => (c.width ? `${c.width}px` : 'minmax(0, 1fr)')).join(' '),
      head: columns.map((c) => (
        <th
          key={c.label}
          role="columnheader"
          style={c.right ? { ...headCell, textAlign: 'right' } : headCell}
        >
          {c.label}
        </th>
      )),
    };
  }, [withLedger, withEdit, withSplit]);
  // One object for every row (the rows are memoised): the column's settings and the dialog's opener.
  const splitCell = useMemo(
    () =>
      splits && !edit
        ? { bankLedger: splits.bankLedger, taxLedgers: splits.taxLedgers, open: setSplitting }
        : undefined,
    [splits, edit],
  );
  const splitRow = splitting === null ? undefined : rows[splitting];
  return (
    <VirtualTable
      scrollRef={scrollRef}
      label={label}
      region
      style={{ maxHeight: height, height: count > 0 ? height : undefined }}
      minWidth={(onLedger ? 1000 : 760) + (edit ? 80 : 0) + (splitCell ? 170 : 0)}
      columns={columns.length}
      padTop={padTop}
      padBottom={padBottom}
      grid={grid}
      head={head}
    >
      {count === 0 && (
        <tr role="row">
          <td
            role="cell"
            colSpan={columns.length}
            style={{
              ...cell,
              gridColumn: '1 / -1',
              textAlign: 'center',
              color: 'var(--mantine-color-dimmed)',
            }}
          >
            No transactions match. Clear a keyword, the dates or the Only filter to see more.
          </td>
        </tr>
      )}
      {items.map((v) => {
        const index = shown ? shown[v.index] : v.index;
        return (
          <Row
            key={index}
            index={index}
            row={rows[index]}
            onLedger={onLedger}
            suggestion={suggestions?.get(index)}
            broken={breaks?.get(index)}
            difference={firstBreak?.row === index ? firstBreak.difference : undefined}
            unsure={unsure?.has(index) ?? false}
            edit={edit}
            split={splitCell}
          />
        );
      })}
      {splits && splitting !== null && splitRow && (
        <Suspense fallback={null}>
          <TaxSplitDialog
            key={splitting}
            value={splitRow.TaxSplit}
            movement={rowMovement(splitRow)}
            ledger={splitRow.LedgerName ?? ''}
            bankLedger={splits.bankLedger}
            taxLedgers={splits.taxLedgers}
            label={`row ${splitting + 1}`}
            onSave={(split) => splits.onSplit(splitting, split)}
            onClose={() => setSplitting(null)}
          />
        </Suspense>
      )}
    </VirtualTable>
  );
}

/** The columns: width in px (the description takes the rest), right-aligned figures. */
const COLUMNS: {
  label: string;
  width?: number;
  right?: boolean;
  ledger?: true;
  edit?: true;
  split?: true;
}[] = [
  { label: '#', width: 48, right: true },
  { label: 'Date', width: 100 },
  { label: 'Description' },
  { label: 'Withdrawal', width: 120, right: true },
  { label: 'Deposit', width: 120, right: true },
  { label: 'Closing Balance', width: 130, right: true },
  { label: 'Ledger Name', width: 230, ledger: true },
  { label: 'GST/TDS', width: 170, split: true },
  { label: 'Fix', width: 80, edit: true },
];

// Body cells are styled by class (index.css, .tx-cell): a row scrolled into view then costs no
// inline style objects to diff and no per-cell style parsing (issue 19, 60 fps over 20,000 rows).
const cell = { ...bodyCell(ROW_HEIGHT, '2px 6px'), fontSize: 'var(--mantine-font-size-sm)' } as const;

type RowProps = {
  index: number;
  row: StatementTransaction;
  onLedger?: (index: number, ledger: string) => void;
  suggestion?: LedgerSuggestion;
  broken?: string;
  /** set on the first row where the chain breaks: printed minus expected */
  difference?: string;
  unsure: boolean;
  edit?: Props['edit'];
  split?: { bankLedger: string; taxLedgers?: Partial<TaxLedgerNames>; open: (index: number) => void };
};

/** What an unsure row's mark says (issue 32). */
export const UNSURE = 'read from the scan unsure: check it against the paper';

const FIELDS = [
  { key: 'Date', label: 'Date' },
  { key: 'Description', label: 'Description' },
  { key: 'Withdrawal', label: 'Withdrawal' },
  { key: 'Deposit', label: 'Deposit' },
  { key: 'ClosingBalance', label: 'Closing Balance' },
] as const;

const Row = memo(function Row({
  index,
  row,
  onLedger,
  suggestion,
  broken,
  difference,
  unsure,
  edit,
  split,
}: RowProps) {
  const n = index + 1;
  const ledger = row.LedgerName ?? '';
  const first = difference !== undefined;
  const field = (key: (typeof FIELDS)[number]['key'], label: string, right: boolean) => (
    <TextInput
      size="xs"
      aria-label={`${label}, row ${n}`}
      value={row[key] ?? ''}
      onChange={(e) => edit?.onEdit(index, { [key]: e.currentTarget.value })}
      styles={{ input: { textAlign: right ? 'right' : 'left', fontVariantNumeric: 'tabular-nums' } }}
    />
  );
  const offer = suggestion && !ledger ? suggestion : undefined;
  const ledgerInput = onLedger && (
    <input
      // Re-mounted when the name changes elsewhere (Apply Ledger, a suggestion taken).
      key={ledger}
      className={offer ? 'ledger-input ledger-input-offered' : 'ledger-input'}
      aria-label={`Ledger Name, row ${n}`}
      // The company's ledgers read from Tally (one <datalist>, rendered by the Tally panel).
      list={TALLY_LEDGER_LIST_ID}
      defaultValue={ledger}
      placeholder={offer ? offer.ledger : ''}
      onBlur={(e) => {
        const value = e.currentTarget.value;
        if (value !== ledger) onLedger(index, value);
      }}
      onKeyDown={(e) => {
        // Like Tally's tables (issue 34): Enter keeps the row's ledger, or takes its suggestion when
        // the cell is empty, and goes to the next row (see components/row-keys.ts).
        const input = e.currentTarget;
        const step = rowStep(e, input.value !== ledger);
        if (step === 0) return;
        e.preventDefault();
        if (e.key === 'Enter' && !input.value && offer) onLedger(index, offer.ledger);
        focusRowCell(input, step, 'input.ledger-input');
      }}
    />
  );
  return (
    <tr
      role="row"
      data-row={index}
      data-break={broken ? (first ? 'first' : 'yes') : undefined}
      data-unsure={unsure ? 'yes' : undefined}
      className="tx-row"
      aria-label={
        first
          ? `Row ${n}: the balance chain breaks here (difference ${difference})`
          : unsure
            ? `Row ${n}: ${UNSURE}`
            : undefined
      }
      title={broken ? `Balance check: ${broken}` : unsure ? UNSURE : undefined}
    >
      <td role="cell" className="tx-cell tx-number">
        {unsure && <span className="tx-unsure">?</span>}
        {n}
      </td>
      {edit ? (
        <>
          <td role="cell" className="tx-cell">
            {field('Date', FIELDS[0].label, false)}
          </td>
          <td role="cell" className="tx-cell">
            {field('Description', FIELDS[1].label, false)}
          </td>
          <td role="cell" className="tx-cell">
            {field('Withdrawal', FIELDS[2].label, true)}
          </td>
          <td role="cell" className="tx-cell">
            {field('Deposit', FIELDS[3].label, true)}
          </td>
          <td role="cell" className="tx-cell">
            {field('ClosingBalance', FIELDS[4].label, true)}
          </td>
        </>
      ) : (
        <>
          <td role="cell" className="tx-cell">
            {row.Date}
          </td>
          <td role="cell" className="tx-cell tx-clip" title={row.Description}>
            {row.Description}
          </td>
          <td role="cell" className={row.Withdrawal ? 'tx-cell amount amount-withdrawal' : 'tx-cell amount'}>
            {row.Withdrawal}
          </td>
          <td role="cell" className={row.Deposit ? 'tx-cell amount amount-deposit' : 'tx-cell amount'}>
            {row.Deposit}
          </td>
          <td role="cell" className="tx-cell amount">
            {row.ClosingBalance}
            {first && <span className="tx-difference">Δ {difference}</span>}
          </td>
        </>
      )}
      {onLedger && (
        <td role="cell" className="tx-cell">
          {/* Plain elements, styled like Mantine's xs input and light button: a visible row is
              re-created on every scroll step and filter, and Mantine's wrappers cost more than
              the rest of the row (issue 19, 20,000 rows at 60 fps). No wrapper: the input
              narrows (a class, not a new parent, so typing is not lost) for a Use button. */}
          {ledgerInput}
          {offer && (
            <button
              type="button"
              className="ledger-use"
              title={offer.reason}
              aria-label={`Use ${offer.ledger}: ${offer.reason}`}
              onClick={() => onLedger(index, offer.ledger)}
            >
              Use
            </button>
          )}
        </td>
      )}
      {split && <SplitCell index={index} row={row} {...split} />}
      {edit && (
        <td role="cell" className="tx-cell">
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              size="sm"
              variant="light"
              aria-label={`Add a row after row ${n}`}
              title="Add a missing row after this one"
              onClick={() => edit.onInsert(index)}
            >
              +
            </ActionIcon>
            <ActionIcon
              size="sm"
              variant="light"
              color="red"
              aria-label={`Delete row ${n}`}
              title="Delete this line (not a transaction)"
              onClick={() => edit.onDelete(index)}
            >
              ×
            </ActionIcon>
          </Group>
        </td>
      )}
    </tr>
  );
});

/**
 * A row's GST/TDS cell: the split (or an offer of one) as a button opening the table's dialog, and
 * under it the tax legs the voucher carries, named as the export names them; every leg, Dr and Cr,
 * in its title. A row that moves no money has nothing to split.
 */
function SplitCell({
  index,
  row,
  bankLedger,
  taxLedgers,
  open,
}: {
  index: number;
  row: StatementTransaction;
  bankLedger: string;
  taxLedgers?: Partial<TaxLedgerNames>;
  open: (index: number) => void;
}) {
  const n = index + 1;
  const movement = rowMovement(row);
  const split = row.TaxSplit ?? null;
  let legs: ReturnType<typeof legsOf> = [];
  if (split && movement) {
    try {
      legs = legsOf(split, movement, row.LedgerName ?? '', bankLedger, taxLedgers);
    } catch {
      legs = []; // a split the amount cannot take (the row was fixed since): the button still says it
    }
  }
  // the bank's leg first (splitLegs), then the row's ledger, then each tax
  const parts = legs.slice(1);
  const text = split ? describeTaxSplit(split) : '+ GST/TDS';
  return (
    <td role="cell" className="tx-cell">
      <button
        type="button"
        className="split-button"
        data-set={split ? '' : undefined}
        disabled={!movement}
        aria-label={`GST/TDS split, row ${n}: ${split ? text : 'none'}`}
        title={
          legs.length
            ? legs.map((l) => `${l.dr ? 'Dr' : 'Cr'} ${l.ledger} ${l.dr || l.cr}`).join('\n')
            : split
              ? text
              : 'Split this row: a charge with GST, or an amount less TDS'
        }
        onClick={() => open(index)}
      >
        {text}
      </button>
      {parts.length > 0 && (
        <span className="split-legs" data-testid={`split-legs-${n}`}>
          {parts.map((l) => `${l.ledger} ${l.dr || l.cr}`).join(' · ')}
        </span>
      )}
    </td>
  );
}
