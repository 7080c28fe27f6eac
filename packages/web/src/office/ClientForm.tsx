import { ClientInput, GST_STATES, gstinProblem, type ClientInfo } from '@bahi/contract';
import { Button, Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';

// Adding or editing a client: name, the company's name in TallyPrime, state and GSTIN. Checked with
// the contract's ClientInput (the GSTIN's check character and its state code), the server's rules.

// Issue 34: the list ran 10…38, 97, 01…09 (an object's integer-like keys come first) and showed its
// first state while holding nothing, so Save said "Choose the client's state". A placeholder that
// holds '' and the states in code order.
const STATE_OPTIONS = [
  { value: '', label: 'Choose the state' },
  ...Object.entries(GST_STATES)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, name]) => ({ value: code, label: `${name} (${code})` })),
];

/** The state a valid GSTIN names (its first two digits), or null. */
const gstinState = (gstin: string): string | null =>
  gstinProblem(gstin, gstin.slice(0, 2)) === null ? gstin.slice(0, 2) : null;

type Fields = { name: string; tally_company: string; state_code: string; gstin: string };

export function ClientForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: ClientInfo;
  submitLabel: string;
  onSubmit: (fields: Fields) => Promise<void>;
  onCancel?: () => void;
}) {
  const [fields, setFields] = useState<Fields>({
    name: initial?.name ?? '',
    tally_company: initial?.tally_company ?? '',
    state_code: initial?.state_code ?? '',
    gstin: initial?.gstin ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof Fields) => (value: string) => setFields((f) => ({ ...f, [k]: value }));
  // Issue 34 round five: a new client's Tally company is named as the client until typed over (a
  // firm's company in TallyPrime mostly carries its name); an edited client keeps its own.
  const [companyTyped, setCompanyTyped] = useState(!!initial);
  const company = companyTyped ? fields.tally_company : fields.name;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const filled = { ...fields, tally_company: company };
    const checked = ClientInput.safeParse(filled);
    if (!checked.success) {
      const next: Partial<Record<keyof Fields, string>> = {};
      for (const issue of checked.error.issues) next[issue.path[0] as keyof Fields] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSubmit(filled);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={submitLabel}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Client name"
          required
          value={fields.name}
          error={errors.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
        />
        <TextInput
          label="Tally company name"
          description="As the company is named in TallyPrime (the client's name unless typed over)"
          value={company}
          error={errors.tally_company}
          onChange={(e) => {
            setCompanyTyped(true);
            set('tally_company')(e.currentTarget.value);
          }}
        />
        <NativeSelect
          label="State"
          required
          data={STATE_OPTIONS}
          value={fields.state_code}
          error={errors.state_code}
          onChange={(e) => set('state_code')(e.currentTarget.value)}
        />
        <TextInput
          label="GSTIN (optional)"
          value={fields.gstin}
          error={errors.gstin}
          maxLength={15}
          onChange={(e) => {
            const gstin = e.currentTarget.value.toUpperCase();
            // a valid GSTIN says the state: used, not flagged against the one chosen (issue 34)
            const state = gstinState(gstin.replace(/\s+/g, ''));
            setFields((f) => ({ ...f, gstin, ...(state ? { state_code: state } : {}) }));
            if (state) setErrors((e) => ({ ...e, state_code: undefined, gstin: undefined }));
          }}
        />
      </SimpleGrid>
      <Group mt="sm">
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </Group>
    </form>
  );
}
