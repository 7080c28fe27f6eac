import type { LedgerSuggestion, StatementTransaction } from '@bahi/contract';
import { Button, Group, TextInput } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef } from 'react';

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
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = shown ? shown.length : rows.length;
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items.length ? items[0].start : 0;
  const padBottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  const columns = onLedger ? 7 : 6;

  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label={label}
      tabIndex={0}
      style={{
        maxHeight: height,
        height: count > 0 ? height : undefined,
        overflow: 'auto',
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 4,
      }}
    >
      <table
        aria-label={label}
        style={{
          width: '100%',
          minWidth: onLedger ? 1000 : 760,
          borderCollapse: 'collapse',
          tableLayout: 'fixed',
        }}
      >
        <thead style={{ position: 'sticky', top: 0, zIndex: 1, background: 'var(--mantine-color-gray-1)' }}>
          <tr>
            <th style={{ ...head, width: 48, textAlign: 'right' }}>#</th>
            <th style={{ ...head, width: 100 }}>Date</th>
            <th style={head}>Description</th>
            <th style={{ ...head, width: 120, textAlign: 'right' }}>Withdrawal</th>
            <th style={{ ...head, width: 120, textAlign: 'right' }}>Deposit</th>
            <th style={{ ...head, width: 130, textAlign: 'right' }}>Closing Balance</th>
            {onLedger && <th style={{ ...head, width: 230 }}>Ledger Name</th>}
          </tr>
        </thead>
        <tbody>
          {count === 0 && (
            <tr>
              <td
                colSpan={columns}
                style={{ ...cell, textAlign: 'center', color: 'var(--mantine-color-dimmed)' }}
              >
                No transactions match.
              </td>
            </tr>
          )}
          {padTop > 0 && (
            <tr aria-hidden style={{ height: padTop }}>
              <td colSpan={columns} />
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
          {padBottom > 0 && (
            <tr aria-hidden style={{ height: padBottom }}>
              <td colSpan={columns} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

const head = {
  textAlign: 'left',
  fontSize: 'var(--mantine-font-size-sm)',
  fontWeight: 600,
  padding: '8px 6px',
  borderBottom: '1px solid var(--mantine-color-gray-3)',
} as const;

const cell = {
  padding: '2px 6px',
  height: ROW_HEIGHT,
  boxSizing: 'border-box',
  verticalAlign: 'middle',
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
