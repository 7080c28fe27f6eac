import {
  Button,
  Group,
  Paper,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../auth/session.ts';
import { useSignInFirst } from '../auth/SignInFirst.tsx';
import { ServerReason } from '../components/ServerReason.tsx';
import { getRuleSets, getRules, saveRules } from '../billing/api.ts';
import {
  EMPTY_RULE,
  addRule,
  deleteRule,
  fromSaved,
  toSaved,
  updateRule,
  type DraftRule,
  type DraftRules,
  type RuleKind,
} from '../billing/rulesEditor.ts';
import { tell, tellDone } from '../components/toasts.tsx';
import { reasonOf } from '../api/client.ts';

// Chunking Rules Manager (/app/rules; spec sections 2, 4, 5). The route has no guard: a visitor sees
// the whole screen and builds rules; rule sets belong to an account, so saving asks them to sign in
// and then saves what they built.

const SIGN_IN_WHY = 'Rule sets are kept with your account.';
// One line per field (issue 34: RATE, QUANTITY and the chunks were unexplained); the meaning is
// packages/core/src/billing/rules.ts's.
const TYPE_HELP =
  'RATE: for items whose selling price (₹, before GST) is within Min to Max. QUANTITY: for items whose stock left is within Min to Max. RATE rules are tried first.';
const FIELD_HELP: Record<keyof DraftRule, string> = {
  min: 'The lowest price (RATE, in ₹) or stock (QUANTITY) this rule covers.',
  max: 'The highest price (RATE, in ₹) or stock (QUANTITY) this rule covers.',
  chunk_min: 'The fewest units of such an item on one invoice line.',
  chunk_max: 'The most units of such an item on one invoice line.',
};
const SELECT_NEXT = 'Choose one in Rule Set, or type a New Rule Set Name and press Add Set.';

const RULE_COLUMNS = [
  ['min', 'Min'],
  ['max', 'Max'],
  ['chunk_min', 'Chunk Min'],
  ['chunk_max', 'Chunk Max'],
] as const;

/** The whole screen for everyone; saving and loading a set need an account (useSignInFirst). */
export default function RulesPage() {
  const session = useSession();
  const { ask, dialog } = useSignInFirst();
  const queryClient = useQueryClient();
  const sets = useQuery({
    queryKey: ['rule-sets'],
    queryFn: async () => (await getRuleSets()).rule_sets,
    enabled: session !== null,
  });
  const [added, setAdded] = useState<string[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const [rules, setRules] = useState<DraftRules>({});
  const [kind, setKind] = useState<RuleKind | null>(null);
  const [form, setForm] = useState<DraftRule>(EMPTY_RULE);
  const [editing, setEditing] = useState<{ kind: RuleKind; index: number } | null>(null);
  const [saveError, setSaveError] = useState<unknown>(null);

  const names = [...new Set([...(sets.data ?? []), ...added])];

  async function select(name: string | null) {
    setSelected(name);
    setRules({});
    // a visitor's sets are the ones added on this screen: nothing saved to load
    if (!name || !session) return;
    try {
      setRules(fromSaved((await getRules(name)).rules));
    } catch (err) {
      console.error('Could not load the rule set', err);
    }
  }

  function addSet() {
    const name = newName.trim();
    if (!name) {
      tell('Enter a rule set name', 'Type it in New Rule Set Name, then press Add Set.');
      return;
    }
    if (!names.includes(name)) setAdded((a) => [...a, name]);
    setSelected(name);
    setRules({});
    setNewName('');
  }

  function resetForm() {
    setForm(EMPTY_RULE);
    setKind(null);
    setEditing(null);
  }

  function addOrUpdate() {
    if (!kind) return;
    if (editing) setRules((r) => updateRule(r, editing.kind, editing.index, kind, form));
    else setRules((r) => addRule(r, kind, form));
    resetForm();
  }

  function edit(k: RuleKind, index: number) {
    setKind(k);
    setForm(rules[k]![index]);
    setEditing({ kind: k, index });
  }

  async function saveAll() {
    if (!selected) {
      tell('Select a Rule Set', SELECT_NEXT);
      return;
    }
    setSaveError(null);
    try {
      await saveRules(selected, toSaved(rules));
      tellDone('Rules saved!');
      setRules({});
      resetForm();
      void queryClient.invalidateQueries({ queryKey: ['rule-sets'] });
    } catch (err) {
      setSaveError(err);
      tell('Failed to save rules.', reasonOf(err, 'Try again.'));
    }
  }

  const field = (key: keyof DraftRule, label: string) => (
    <TextInput
      label={label}
      description={FIELD_HELP[key]}
      type="number"
      value={form[key]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setForm((f) => ({ ...f, [key]: value }));
      }}
    />
  );

  return (
    <Stack maw={760} gap="md">
      <Title order={2}>Chunking Rules Manager</Title>
      {dialog}
      {!session && (
        <Text size="sm">
          Rule sets are kept with your account: build your rules here, and you are asked to sign in when you
          save them.
        </Text>
      )}
      <Paper withBorder p="md">
        <Stack gap="sm">
          <NativeSelect
            label="Rule Set"
            data={[{ value: '', label: 'Select a rule set' }, ...names]}
            value={selected ?? ''}
            onChange={(e) => void select(e.currentTarget.value || null)}
          />
          <Group align="flex-end">
            <TextInput
              label="New Rule Set Name"
              value={newName}
              onChange={(e) => setNewName(e.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button variant="default" onClick={addSet}>
              Add Set
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <NativeSelect
            label="Type"
            description={TYPE_HELP}
            data={[{ value: '', label: 'Select type' }, 'RATE', 'QUANTITY']}
            value={kind ?? ''}
            onChange={(e) => setKind((e.currentTarget.value || null) as RuleKind | null)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {field('min', 'Min')}
            {field('max', 'Max')}
            {field('chunk_min', 'Chunk Min')}
            {field('chunk_max', 'Chunk Max')}
          </SimpleGrid>
          <Group>
            <Button onClick={addOrUpdate} disabled={!kind}>
              {editing ? 'Update Rule' : 'Add Rule'}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {(['RATE', 'QUANTITY'] as const).map((k) =>
        rules[k]?.length ? (
          <Paper withBorder p="md" key={k}>
            <Title order={4} mb="xs">
              {k}
            </Title>
            <Table.ScrollContainer minWidth={420} type="native">
              <Table aria-label={`${k} rules`} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    {RULE_COLUMNS.map(([, label]) => (
                      <Table.Th key={label} ta="right">
                        {label}
                      </Table.Th>
                    ))}
                    <Table.Th w={140}>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rules[k]!.map((r, i) => (
                    <Table.Tr key={i}>
                      {RULE_COLUMNS.map(([key]) => (
                        <Table.Td key={key} className="amount">
                          {r[key]}
                        </Table.Td>
                      ))}
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Button size="compact-xs" variant="default" onClick={() => edit(k, i)}>
                            Edit
                          </Button>
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red"
                            onClick={() => {
                              setRules((rs) => deleteRule(rs, k, i));
                              if (editing?.kind === k) resetForm();
                            }}
                          >
                            Delete
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        ) : null,
      )}
      <Group>
        <Button
          onClick={() =>
            selected ? ask(SIGN_IN_WHY, () => void saveAll()) : tell('Select a Rule Set', SELECT_NEXT)
          }
        >
          Save All Rules
        </Button>
      </Group>
      <ServerReason error={saveError} title="The rules were not saved" />
    </Stack>
  );
}
