import type { LedgerSuggestion, StatementTransaction } from '@bahi/contract';
import { Button, Group, TextInput } from '@mantine/core';
import { memo } from 'react';
import { bodyCell, headCell, useVirtualRows, VirtualTable } from '../components/VirtualTable.tsx';

// The transactions as a table with a sticky header. Only the rows in view (plus a margin) are in
// the page, so 5,000 rows scroll as smoothly as 50. With `onLedger` each row has a Ledger Name
// input saved on blur, with the ledger-memory suggestion (and its reason) beside it.

export const ROW_HEIGHT = 40;
const OVERSCAN = 12;

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
};

export function TransactionsTable({ rows, shown, height, label, onLedger, suggestions, breaks }: Props) {
  const count = shown ? shown.length : rows.length;
  const { scrollRef, items, padTop, padBottom } = useVirtualRows({
    count,
    rowHeight: ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  return (
    <VirtualTable
      scrollRef={scrollRef}
      label={label}
      region
      style={{ maxHeight: height, height: count > 0 ? height : undefined }}
      minWidth={onLedger ? 1000 : 760}
      columns={onLedger ? 7 : 6}
      padTop={padTop}
      padBottom={padBottom}
      head={
        <>
          <th style={{ ...headCell, width: 48, textAlign: 'right' }}>#</th>
          <th style={{ ...headCell, width: 100 }}>Date</th>
          <th style={headCell}>Description</th>
          <th style={{ ...headCell, width: 120, textAlign: 'right' }}>Withdrawal</th>
          <th style={{ ...headCell, width: 120, textAlign: 'right' }}>Deposit</th>
          <th style={{ ...headCell, width: 130, textAlign: 'right' }}>Closing Balance</th>
          {onLedger && <th style={{ ...headCell, width: 230 }}>Ledger Name</th>}
        </>
      }
    >
      {count === 0 && (
        <tr>
          <td
            colSpan={onLedger ? 7 : 6}
            style={{ ...cell, textAlign: 'center', color: 'var(--mantine-color-dimmed)' }}
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
          />
        );
      })}
    </VirtualTable>
  );
}

const cell = {
  ...bodyCell(ROW_HEIGHT, '2px 6px'),
  fontSize: 'var(--mantine-font-size-sm)',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

const amount = { ...cell, textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

type RowProps = {
  index: number;
  row: StatementTransaction;
  onLedger?: (index: number, ledger: string) => void;
  suggestion?: LedgerSuggestion;
  broken?: string;
};

const Row = memo(function Row({ index, row, onLedger, suggestion, broken }: RowProps) {
  const n = index + 1;
  const ledger = row.LedgerName ?? '';
  return (
    <tr
      data-row={index}
      title={broken ? `Balance check: ${broken}` : undefined}
      style={{
        borderBottom: '1px solid var(--mantine-color-gray-2)',
        background: broken ? 'var(--mantine-color-red-0)' : undefined,
      }}
    >
      <td style={{ ...cell, color: 'var(--mantine-color-dimmed)', textAlign: 'right', fontSize: 12 }}>{n}</td>
      <td style={cell}>{row.Date}</td>
      <td style={cell} title={row.Description}>
        {row.Description}
      </td>
      <td style={{ ...amount, color: row.Withdrawal ? 'var(--mantine-color-red-8)' : undefined }}>
        {row.Withdrawal}
      </td>
      <td style={{ ...amount, color: row.Deposit ? 'var(--mantine-color-teal-8)' : undefined }}>
        {row.Deposit}
      </td>
      <td style={amount}>{row.ClosingBalance}</td>
      {onLedger && (
        <td style={cell}>
          <Group gap={4} wrap="nowrap">
            <TextInput
              // Re-mounted when the name changes elsewhere (Apply Ledger, a suggestion taken).
              key={ledger}
              size="xs"
              style={{ flex: 1 }}
              aria-label={`Ledger Name, row ${n}`}
              defaultValue={ledger}
              placeholder={suggestion && !ledger ? suggestion.ledger : ''}
              onBlur={(e) => {
                const value = e.currentTarget.value;
                if (value !== ledger) onLedger(index, value);
              }}
            />
            {suggestion && !ledger && (
              <Button
                size="compact-xs"
                variant="light"
                title={suggestion.reason}
                aria-label={`Use ${suggestion.ledger}: ${suggestion.reason}`}
                onClick={() => onLedger(index, suggestion.ledger)}
              >
                Use
              </Button>
            )}
          </Group>
        </td>
      )}
    </tr>
  );
});
