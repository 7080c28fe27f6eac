import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DomainError, duplicateRow, isIsoDate, type DuplicateCopy, type Rng } from '@bahi/core';
import { type FormEvent, useState } from 'react';
import { DATE_HINT, DateField } from '../components/DateField.tsx';
import {
  defaultForm,
  formSettings,
  setIncrement,
  setRandomSplit,
  settleField,
  type DuplicateForm,
  type NumberField,
} from './duplicateForm.ts';
import type { EditorRow } from './rows.ts';

type Props = {
  /** The row being copied; the dialog is open while there is one. */
  row: EditorRow | null;
  onCancel: () => void;
  /** `replace`: the split's parts take the row's place (issue 34), instead of sitting beside it. */
  onDuplicate: (copies: DuplicateCopy<EditorRow>[], replace: boolean) => void;
  /** Source of randomness for the split (tests pass a seeded one). */
  rng?: Rng;
};

/** The Duplicate Settings dialog (spec sections 2, 4, 5 and 9). Opens fresh with the defaults. */
export function DuplicateDialog({ row, onCancel, onDuplicate, rng }: Props) {
  return (
    <Modal opened={row !== null} onClose={onCancel} title="Duplicate Settings" centered>
      {row && <DuplicateFormView row={row} onCancel={onCancel} onDuplicate={onDuplicate} rng={rng} />}
    </Modal>
  );
}

function DuplicateFormView({ row, onCancel, onDuplicate, rng }: Props & { row: EditorRow }) {
  const [form, setForm] = useState<DuplicateForm>(defaultForm);
  const [error, setError] = useState<{ title: string; text: string } | null>(null);
  // Issue 34: the specification keeps the row beside its parts, so the amount counts twice; the
  // parts replace it unless the user keeps it.
  const [replace, setReplace] = useState(true);

  const change = (next: DuplicateForm) => {
    setForm(next);
    setError(null);
  };
  const numberProps = (field: NumberField) => ({
    type: 'number' as const,
    inputMode: 'numeric' as const,
    min: 1,
    step: 1,
    value: form[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => change({ ...form, [field]: e.currentTarget.value }),
    onBlur: () => setForm((f) => settleField(f, field)),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (form.customStartDate && !isIsoDate(form.customStartDate)) {
      setError({ title: 'Start Date is not a date', text: `${DATE_HINT}, or leave it empty.` });
      return;
    }
    const settings = formSettings(form);
    try {
      onDuplicate(duplicateRow(row, settings, rng), settings.randomAmountSplit && replace);
    } catch (err) {
      // No split within the bounds: say why and insert nothing (the core never breaks the bounds).
      if (err instanceof DomainError) setError({ title: 'Cannot split the amount', text: err.userMessage });
      else throw err;
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={2} spacing="sm">
          <TextInput label="How many copies?" data-autofocus {...numberProps('copies')} />
          <DateField
            label="Start Date (optional)"
            value={form.customStartDate}
            onChange={(value) => change({ ...form, customStartDate: value })}
          />
          <TextInput label="Interval (days)" {...numberProps('interval')} />
          <Radio.Group
            label="Direction"
            value={form.direction}
            onChange={(v) => change({ ...form, direction: v === 'backward' ? 'backward' : 'forward' })}
          >
            <Group gap="md" mt={8}>
              <Radio value="forward" label="Forward" />
              <Radio value="backward" label="Backward" />
            </Group>
          </Radio.Group>
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={-6}>
          Without a start date the copies step from the row&apos;s own date.
        </Text>
        <Checkbox
          label="Increment Amount by ₹1"
          checked={form.amountIncrement}
          onChange={(e) => change(setIncrement(form, e.currentTarget.checked))}
        />
        <Checkbox
          label='Add "(Copy n)" to Description'
          checked={form.descriptionSuffix}
          onChange={(e) => change({ ...form, descriptionSuffix: e.currentTarget.checked })}
        />
        <Checkbox
          label="Randomly Split Amount"
          description="Splits the row's amount across the copies; turns off the increment"
          checked={form.randomAmountSplit}
          onChange={(e) => change(setRandomSplit(form, e.currentTarget.checked))}
        />
        {form.randomAmountSplit && (
          <SimpleGrid cols={2} spacing="sm">
            <TextInput label="Min Value" {...numberProps('splitMin')} />
            <TextInput label="Max Value" {...numberProps('splitMax')} />
          </SimpleGrid>
        )}
        {form.randomAmountSplit && (
          <Checkbox
            label="Replace the row by its parts"
            description="Off: the row stays beside its parts, and its amount is counted twice"
            checked={replace}
            onChange={(e) => setReplace(e.currentTarget.checked)}
          />
        )}
        {error && (
          <Alert color="red" role="alert" title={error.title}>
            {error.text}
          </Alert>
        )}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Duplicate</Button>
        </Group>
      </Stack>
    </form>
  );
}
