import type { OnlyFilter } from '@bahi/core';
import { formatDisplayDate, isIsoDate } from '@bahi/core';
import { Button, Checkbox, CloseButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { DateField } from '../components/DateField.tsx';

// The result screen's filters (spec sections 4 and 5): keywords (all must match; at least one
// input; remove only when more than one), Only Withdrawals / Only Deposits (mutually exclusive),
// the Filter by Date modal (inclusive, defaults to the first and last dates).

export type FilterState = { keywords: string[]; only: OnlyFilter; from: string; to: string };

type Props = {
  value: FilterState;
  onChange: (next: FilterState) => void;
  bounds: { from: string; to: string } | null;
};

export function Filters({ value, onChange, bounds }: Props) {
  const [dateOpen, setDateOpen] = useState(false);
  const set = (patch: Partial<FilterState>) => onChange({ ...value, ...patch });
  const setKeyword = (i: number, k: string) =>
    set({ keywords: value.keywords.map((x, j) => (j === i ? k : x)) });

  return (
    <Stack gap="xs">
      <Group gap="xs" align="flex-end">
        {value.keywords.map((k, i) => (
          <Group key={i} gap={2} wrap="nowrap">
            <TextInput
              size="xs"
              label={i === 0 ? 'Keywords' : undefined}
              aria-label={`Keyword ${i + 1}`}
              placeholder="e.g. UPI"
              value={k}
              onChange={(e) => setKeyword(i, e.currentTarget.value)}
            />
            {value.keywords.length > 1 && (
              <CloseButton
                size="sm"
                aria-label={`Remove keyword ${i + 1}`}
                onClick={() => set({ keywords: value.keywords.filter((_, j) => j !== i) })}
              />
            )}
          </Group>
        ))}
        <Button size="xs" variant="light" onClick={() => set({ keywords: [...value.keywords, ''] })}>
          Add keyword
        </Button>
        <Button size="xs" variant="default" onClick={() => setDateOpen(true)}>
          Filter by Date
        </Button>
        <Checkbox
          label="Only Withdrawals"
          checked={value.only === 'withdrawals'}
          onChange={(e) => set({ only: e.currentTarget.checked ? 'withdrawals' : 'all' })}
        />
        <Checkbox
          label="Only Deposits"
          checked={value.only === 'deposits'}
          onChange={(e) => set({ only: e.currentTarget.checked ? 'deposits' : 'all' })}
        />
      </Group>
      {(value.from || value.to) && (
        <Text size="xs" c="dimmed">
          Dates {value.from ? formatDisplayDate(value.from) : '…'} to{' '}
          {value.to ? formatDisplayDate(value.to) : '…'}{' '}
          <Button size="compact-xs" variant="subtle" onClick={() => set({ from: '', to: '' })}>
            Clear dates
          </Button>
        </Text>
      )}
      <DateModal
        opened={dateOpen}
        onClose={() => setDateOpen(false)}
        initial={{ from: value.from || bounds?.from || '', to: value.to || bounds?.to || '' }}
        onApply={(from, to) => {
          set({ from, to });
          setDateOpen(false);
        }}
      />
    </Stack>
  );
}

function DateModal({
  opened,
  onClose,
  initial,
  onApply,
}: {
  opened: boolean;
  onClose: () => void;
  initial: { from: string; to: string };
  onApply: (from: string, to: string) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Filter by Date" centered>
      {opened && <DateForm initial={initial} onApply={onApply} onCancel={onClose} />}
    </Modal>
  );
}

function DateForm({
  initial,
  onApply,
  onCancel,
}: {
  initial: { from: string; to: string };
  onApply: (from: string, to: string) => void;
  onCancel: () => void;
}) {
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  // Each end is blank (open) or a whole date; a half-typed one keeps Apply off.
  const ready = [from, to].every((d) => d === '' || isIsoDate(d));
  return (
    <Stack
      component="form"
      gap="sm"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        if (ready) onApply(from, to);
      }}
    >
      <DateField label="From" data-autofocus value={from} onChange={setFrom} />
      <DateField label="To" value={to} onChange={setTo} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={!ready}>
          Apply
        </Button>
      </Group>
    </Stack>
  );
}
