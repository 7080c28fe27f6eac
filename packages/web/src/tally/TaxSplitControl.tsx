import type { TaxSplitInfo } from '@bahi/contract';
import { describeTaxSplit, type Paise, type TaxLedgerNames } from '@bahi/core';
import { legsOf } from './split-legs.ts';
import {
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';

// The GST or TDS split of one bank row (issue 35, decision 055): a button saying the split (or
// offering one) that opens a small form; the legs the voucher will carry are computed as typed by
// core's splitLegs, the same code the voucher builder uses, so what is shown is what goes to Tally.

const GST_RATES = ['5', '12', '18', '28', '40', '3', '0.25'];
const TDS_RATES = ['10', '2', '1', '5', '20', '0.1'];
const TDS_SECTIONS = ['194A', '194C', '194J', '194H', '194I', '194Q', '194T'];

type Kind = 'none' | 'gst' | 'tds';

export { legsOf };

type SplitProps = {
  value: TaxSplitInfo | null | undefined;
  /** the row's bank movement, positive, and its direction; null when the row has no amount */
  movement: { paise: Paise; moneyIn: boolean } | null;
  ledger: string;
  bankLedger: string;
  /** says which row, for screen readers and tests */
  label: string;
  /** the client's company's tax ledgers, named in the legs as the push will name them */
  taxLedgers?: Partial<TaxLedgerNames>;
  onSave: (split: TaxSplitInfo | null) => Promise<void> | void;
};

export function TaxSplitControl({ readOnly = false, ...props }: SplitProps & { readOnly?: boolean }) {
  const [open, setOpen] = useState(false);
  const { value, movement, label } = props;
  const text = value ? describeTaxSplit(value) : 'Add GST/TDS';
  if (readOnly) return value ? <Text size="xs">{text}</Text> : null;
  return (
    <>
      <Button
        size="compact-xs"
        variant={value ? 'light' : 'subtle'}
        disabled={!movement}
        onClick={() => setOpen((o) => !o)}
      >
        {text}
        {/* the row, for screen readers: the name keeps the visible words first (WCAG 2.5.3) */}
        <VisuallyHidden> for {label}</VisuallyHidden>
      </Button>
      {/* a dialog of its own: a popover in a table row closed under the browser's clicks */}
      {open && <TaxSplitDialog {...props} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * The split's form in a dialog, open while mounted: the kind, rate, heads or section, and the legs
 * the voucher will carry as typed. One for a whole table (the statement screen's) or one a row.
 */
export function TaxSplitDialog({
  value,
  movement,
  ledger,
  bankLedger,
  label,
  taxLedgers,
  onSave,
  onClose,
}: SplitProps & { onClose: () => void }) {
  const setOpen = (o: boolean) => {
    if (!o) onClose();
  };
  const [kind, setKind] = useState<Kind>(value?.kind ?? 'none');
  const [rate, setRate] = useState(String(value?.ratePercent ?? ''));
  const [interstate, setInterstate] = useState(value?.kind === 'gst' ? value.interstate : false);
  const [section, setSection] = useState(value?.kind === 'tds' ? (value.section ?? '') : '');
  const [saving, setSaving] = useState(false);

  const ratePercent = Number(rate);
  const rateOk = rate.trim() !== '' && Number.isFinite(ratePercent) && ratePercent > 0 && ratePercent < 100;
  const draft: TaxSplitInfo | null =
    kind === 'none' || !rateOk
      ? null
      : kind === 'gst'
        ? { kind, ratePercent, interstate }
        : { kind, ratePercent, ...(section.trim() ? { section: section.trim() } : {}) };
  let legs: ReturnType<typeof legsOf> = [];
  let problem = '';
  if (draft && movement) {
    try {
      legs = legsOf(draft, movement, ledger, bankLedger, taxLedgers);
    } catch (err) {
      problem = err instanceof Error ? err.message : 'This split cannot be made.';
    }
  }

  return (
    <>
      <Modal opened onClose={() => setOpen(false)} title={`GST/TDS split: ${label}`} size="sm">
        <Stack gap="xs">
          <SegmentedControl
            size="xs"
            value={kind}
            onChange={(v) => {
              setKind(v as Kind);
              setRate(v === 'gst' ? '18' : v === 'tds' ? '10' : '');
            }}
            data={[
              { value: 'none', label: 'No split' },
              { value: 'gst', label: 'Charge + GST' },
              { value: 'tds', label: 'Less TDS' },
            ]}
          />
          {kind !== 'none' && (
            <Group gap="xs" align="flex-end">
              <Select
                size="xs"
                w={90}
                label="Rate %"
                data={kind === 'gst' ? GST_RATES : TDS_RATES}
                value={rate}
                onChange={(v) => setRate(v ?? '')}
                searchable
                allowDeselect={false}
              />
              {kind === 'gst' ? (
                <SegmentedControl
                  size="xs"
                  aria-label="GST heads"
                  value={interstate ? 'igst' : 'cgst'}
                  onChange={(v) => setInterstate(v === 'igst')}
                  data={[
                    { value: 'cgst', label: 'CGST + SGST' },
                    { value: 'igst', label: 'IGST' },
                  ]}
                />
              ) : (
                <TextInput
                  size="xs"
                  w={90}
                  label="Section"
                  list="bahi-tds-sections"
                  value={section}
                  onChange={(e) => setSection(e.currentTarget.value)}
                />
              )}
              <datalist id="bahi-tds-sections">
                {TDS_SECTIONS.map((s) => (
                  <option key={s} value={s} />
                ))}
              </datalist>
            </Group>
          )}
          {kind !== 'none' && !rateOk && (
            <Text size="xs" c="red">
              The rate must be a percentage above 0 and below 100.
            </Text>
          )}
          {problem && (
            <Text size="xs" c="red">
              {problem}
            </Text>
          )}
          {legs.length > 0 && (
            <Table withTableBorder fz="xs" aria-label={`Voucher legs for ${label}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Ledger</Table.Th>
                  <Table.Th ta="right">Dr</Table.Th>
                  <Table.Th ta="right">Cr</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {legs.map((l) => (
                  <Table.Tr key={l.ledger}>
                    <Table.Td>{l.ledger}</Table.Td>
                    <Table.Td ta="right">{l.dr}</Table.Td>
                    <Table.Td ta="right">{l.cr}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              size="xs"
              loading={saving}
              disabled={kind !== 'none' && (!draft || Boolean(problem))}
              onClick={async () => {
                setSaving(true);
                try {
                  await onSave(kind === 'none' ? null : draft);
                  setOpen(false);
                } finally {
                  setSaving(false);
                }
              }}
            >
              Save split
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
