import type { BookRowInfo, FixRowRequest } from '@bahi/contract';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';

// A book row fixed in place (issue 35, decision 057): its date, narration, amounts and balance as the
// book shows them. Only what changed is sent; the server records who and when and withdraws the
// month's approval.

const FIELDS = [
  ['Date', 'Date (DD-MM-YYYY)'],
  ['Description', 'Narration'],
  ['Withdrawal', 'Withdrawal'],
  ['Deposit', 'Deposit'],
  ['ClosingBalance', 'Balance'],
] as const;
type Field = (typeof FIELDS)[number][0];

/** The fields that differ from the row, trimmed; null when nothing does. */
export function fixOf(row: BookRowInfo, typed: Record<Field, string>): FixRowRequest | null {
  const fix: FixRowRequest = { id: row.id };
  for (const [field] of FIELDS) {
    const value = typed[field].trim();
    if (value !== (row[field] ?? '').trim()) fix[field] = value;
  }
  return Object.keys(fix).length > 1 ? fix : null;
}

export function FixRowButton({
  row,
  onSave,
}: {
  row: BookRowInfo;
  /** resolves once saved (the book reloads); rejects to keep the dialog open */
  onSave: (fix: FixRowRequest) => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const initial = () => Object.fromEntries(FIELDS.map(([f]) => [f, row[f] ?? ''])) as Record<Field, string>;
  const [typed, setTyped] = useState(initial);
  const fix = fixOf(row, typed);
  const label = `${row.Date} ${row.Description}`;
  async function save() {
    if (!fix) return;
    setBusy(true);
    try {
      await onSave(fix);
      setOpen(false);
    } catch {
      // said by the caller; the dialog stays open with what was typed
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button
        size="compact-xs"
        variant="subtle"
        aria-label={`Fix the row ${label}`}
        onClick={() => {
          setTyped(initial());
          setOpen(true);
        }}
      >
        Fix
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Fix the row: ${label}`} size="sm">
        <Stack gap="xs">
          {FIELDS.map(([field, name]) => (
            <TextInput
              key={field}
              label={name}
              value={typed[field]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setTyped((t) => ({ ...t, [field]: value }));
              }}
            />
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button disabled={!fix} loading={busy} onClick={() => void save()}>
              Save the fix
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
