import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { VOUCHER_TYPES } from '@bahi/core';
import { type KeyboardEvent, memo, useCallback, useEffect } from 'react';
import { DateField } from '../components/DateField.tsx';
import {
  bodyCell,
  focusWhenRendered,
  headCell,
  useVirtualRows,
  VirtualTable,
} from '../components/VirtualTable.tsx';
import type { EditableField, EditorRow } from './rows.ts';

// The voucher rows as an editable table. Only the rows in view (plus a margin) are in the page, so
// a thousand rows scroll and type as quickly as ten; Tab still walks every cell because moving the
// focus scrolls the next row into view and the virtualiser renders it.

/** Every row is one line of inputs; a fixed height keeps the virtualiser's arithmetic exact. */
export const ROW_HEIGHT = 44;
/** Rows rendered above and below the visible ones, so Tab and quick scrolling never meet a gap. */
const OVERSCAN = 10;

const TYPE_OPTIONS = [
  { value: '', label: 'Select type' },
  ...VOUCHER_TYPES.map((t) => ({ value: t, label: t })),
];

const COLUMNS = [
  { label: 'Date', width: 150 },
  { label: 'Voucher Type', width: 130 },
  { label: 'Ledger Name', width: 180 },
  { label: 'Party Name', width: 180 },
  { label: 'Description', width: undefined },
  { label: 'Net Amount', width: 130, align: 'right' },
] as const satisfies readonly { label: string; width: number | undefined; align?: 'right' }[];
/** The bank and GST columns (issue 31), between the amount and the actions when shown. */
const EXTRA_COLUMNS = [
  { label: 'Instrument No.', width: 150 },
  { label: 'GST %', width: 80 },
  { label: 'HSN/SAC', width: 110 },
  { label: 'Party GSTIN', width: 170 },
  { label: 'Party State', width: 140 },
] as const;
const ACTIONS = { label: 'Actions', width: 190 } as const;

type RowHandlers = {
  onChange: (id: string, field: EditableField, value: string) => void;
  onRemove: (id: string) => void;
  onDuplicate: (id: string) => void;
};

type Props = RowHandlers & {
  rows: readonly EditorRow[];
  /** What the server found wrong with a row (by row id), shown on the row itself. */
  problems?: ReadonlyMap<string, readonly string[]>;
  /** Enter in any cell: add a row at the end (the page adds it and asks for focus). */
  onEnter: () => void;
  /** A row whose Date cell should get the focus once it is rendered. */
  focusRowId: string | null;
  onFocused: () => void;
  /** Show the bank and GST columns. */
  extended?: boolean;
  /** A <datalist> of the company's ledgers the Ledger and Party cells offer (a company read). */
  ledgerListId?: string;
};

export function VoucherTable({
  rows,
  problems,
  onChange,
  onRemove,
  onDuplicate,
  onEnter,
  focusRowId,
  onFocused,
  extended = false,
  ledgerListId,
}: Props) {
  const columns: readonly { label: string; width: number | undefined; align?: 'right' }[] = [
    ...COLUMNS,
    ...(extended ? EXTRA_COLUMNS : []),
    ACTIONS,
  ];
  const { scrollRef, virtualizer, items, padTop, padBottom } = useVirtualRows({
    count: rows.length,
    rowHeight: ROW_HEIGHT,
    overscan: OVERSCAN,
    getItemKey: (i) => rows[i].id,
  });

  const focusCell = useCallback(
    (index: number, col: string, done?: () => void) => {
      virtualizer.scrollToIndex(index, { align: 'auto' });
      return focusWhenRendered(
        scrollRef.current,
        `[data-row-id="${rows[index].id}"][data-col="${col}"]`,
        done,
      );
    },
    [rows, virtualizer, scrollRef],
  );

  useEffect(() => {
    if (!focusRowId) return;
    const index = rows.findIndex((r) => r.id === focusRowId);
    if (index < 0) return onFocused();
    return focusCell(index, 'date', onFocused);
  }, [focusRowId, rows, focusCell, onFocused]);

  // Enter adds a row; Up and Down move to the same cell of the row above or below (not in a select
  // or the amount, where the arrows already change the value).
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (e.nativeEvent.isComposing || (target.tagName !== 'INPUT' && target.tagName !== 'SELECT')) return;
    if (e.key === 'Enter') {
      e.preventDefault();
      onEnter();
      return;
    }
    const step = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
    const col = target.dataset.col;
    if (!step || !col || target.tagName === 'SELECT' || col === 'netAmount') return;
    const next = rows.findIndex((r) => r.id === target.dataset.rowId) + step;
    if (next < 0 || next >= rows.length) return;
    e.preventDefault();
    focusCell(next, col);
  };

  return (
    <VirtualTable
      scrollRef={scrollRef}
      label="Vouchers"
      onKeyDown={onKeyDown}
      style={{ maxHeight: 'calc(100vh - 260px)', minHeight: 160 }}
      minWidth={extended ? 1750 : 1100}
      columns={columns.length + 1}
      padTop={padTop}
      padBottom={padBottom}
      head={
        <>
          <th style={{ ...headCell, width: 48 }} aria-label="Row number">
            #
          </th>
          {columns.map((c) => (
            <th key={c.label} style={{ ...headCell, width: c.width, textAlign: c.align ?? 'left' }}>
              {c.label}
            </th>
          ))}
        </>
      }
    >
      {items.map((v) => (
        <VoucherRowView
          key={v.key}
          row={rows[v.index]}
          index={v.index}
          problems={problems?.get(rows[v.index].id)}
          onChange={onChange}
          onRemove={onRemove}
          onDuplicate={onDuplicate}
          extended={extended}
          ledgerListId={ledgerListId}
        />
      ))}
    </VirtualTable>
  );
}

const cell = bodyCell(ROW_HEIGHT);

type RowProps = RowHandlers & {
  row: EditorRow;
  index: number;
  problems?: readonly string[];
  extended: boolean;
  ledgerListId?: string;
};

/** One row; memoised so typing in one row re-renders that row only. */
const VoucherRowView = memo(function VoucherRowView({
  row,
  index,
  problems,
  onChange,
  onRemove,
  onDuplicate,
  extended,
  ledgerListId,
}: RowProps) {
  const n = index + 1;
  const wrong = problems && problems.length > 0;
  const text = (field: EditableField, label: string) => ({
    size: 'xs' as const,
    'aria-label': `${label}, row ${n}`,
    'data-row-id': row.id,
    'data-col': field,
    value: String(row[field] ?? ''),
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      onChange(row.id, field, e.currentTarget.value),
  });
  return (
    <tr
      data-problem={wrong ? 'true' : undefined}
      style={{
        borderBottom: '1px solid var(--mantine-color-gray-2)',
        background: wrong ? 'var(--mantine-color-red-0)' : undefined,
      }}
    >
      <td
        style={{
          ...cell,
          color: wrong ? 'var(--mantine-color-red-8)' : 'var(--mantine-color-dimmed)',
          fontWeight: wrong ? 700 : undefined,
          fontSize: 12,
          textAlign: 'right',
          boxShadow: wrong ? 'inset 3px 0 0 var(--mantine-color-red-7)' : undefined,
        }}
        title={wrong ? problems.join(' ') : undefined}
      >
        {wrong ? `! ${n}` : n}
      </td>
      <td style={cell}>
        <DateField
          size="xs"
          quietError
          aria-label={`Date, row ${n}`}
          data-row-id={row.id}
          data-col="date"
          value={row.date}
          onChange={(value) => onChange(row.id, 'date', value)}
        />
      </td>
      <td style={cell}>
        <NativeSelect data={TYPE_OPTIONS} {...text('voucherType', 'Voucher Type')} />
      </td>
      <td style={cell}>
        <TextInput {...text('ledgerName', 'Ledger Name')} list={ledgerListId} autoComplete="off" />
      </td>
      <td style={cell}>
        <TextInput {...text('partyName', 'Party Name')} list={ledgerListId} autoComplete="off" />
      </td>
      <td style={cell}>
        <TextInput {...text('description', 'Description')} />
      </td>
      <td style={cell}>
        <TextInput
          type="number"
          inputMode="decimal"
          step="0.01"
          min={0}
          styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
          {...text('netAmount', 'Net Amount')}
        />
      </td>
      {extended && (
        <>
          <td style={cell}>
            <TextInput placeholder="Cheque no. or UTR" {...text('instrumentNumber', 'Instrument No.')} />
          </td>
          <td style={cell}>
            <TextInput inputMode="decimal" placeholder="18" {...text('gstRate', 'GST %')} />
          </td>
          <td style={cell}>
            <TextInput inputMode="numeric" {...text('hsn', 'HSN/SAC')} />
          </td>
          <td style={cell}>
            <TextInput {...text('partyGstin', 'Party GSTIN')} />
          </td>
          <td style={cell}>
            <TextInput placeholder="Company's" {...text('partyState', 'Party State')} />
          </td>
        </>
      )}
      <td style={cell}>
        <Group gap={6} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            aria-label={`Remove row ${n}`}
            onClick={() => onRemove(row.id)}
          >
            Remove
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            aria-label={`Duplicate row ${n}`}
            onClick={() => onDuplicate(row.id)}
          >
            Duplicate
          </Button>
        </Group>
      </td>
    </tr>
  );
});
