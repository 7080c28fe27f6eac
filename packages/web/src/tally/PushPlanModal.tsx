import type { PushPlanAnswer } from '@bahi/contract';
import { Button, Group, Modal, Radio, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatCount } from '../format.ts';
import type { PlanChoice, RowsFill } from './plan-fill.ts';

// Before a push or a download, what will happen (issue 31): how many vouchers go and what is left
// out, the rows without a ledger (leave them in Suspense, take the remembered ledgers for all, or
// give them all one ledger), and the masters it creates under their groups. A new ledger's group is
// chosen here: Bahi never puts one under Suspense A/c unless that is the group chosen.

type Props = {
  plan: PushPlanAnswer;
  /** 'Send to Tally' or 'Download XML' */
  action: string;
  /** The question the specification asks before the action (Send to Tally's confirmation). */
  question?: string;
  fill: RowsFill;
  /** The rows' ledgers changed: the caller plans again with the filled rows. */
  onFill: (fill: RowsFill) => void;
  onCancel: () => void;
  onConfirm: (choice: PlanChoice) => void;
};

const KIND: Record<string, string> = {
  bank: 'the bank',
  suspense: 'rows without a ledger',
  cash: 'cash (Contra)',
};

export function PushPlanModal({ plan, action, question, fill, onFill, onCancel, onConfirm }: Props) {
  const [groups, setGroups] = useState<Record<string, string>>({});
  const [oneLedger, setOneLedger] = useState(fill.kind === 'one' ? fill.ledger : '');
  const needing = plan.masters.filter((m) => m.needs_group);
  const missing = needing.filter((m) => !groups[m.name]);
  const left = plan.already_sent + plan.already_downloaded + plan.already_in_tally;
  const options = plan.groups.map((g) => ({ value: g, label: g }));
  return (
    <Modal opened onClose={onCancel} title={`Before ${action}`} size="lg">
      <Stack gap="sm">
        {question && <Text fw={500}>{question}</Text>}
        <Text size="sm">
          {formatCount(plan.vouchers)} voucher(s) go to Tally.
          {left > 0 &&
            ` ${formatCount(left)} left out: already in Tally (${formatCount(plan.already_in_tally)}), sent before (${formatCount(plan.already_sent)}) or downloaded before (${formatCount(plan.already_downloaded)}).`}
        </Text>
        {(plan.without_ledger > 0 || fill.kind !== 'none') && (
          <Radio.Group
            label={`${formatCount(plan.without_ledger)} row(s) have no ledger`}
            description="Without one they go to Suspense, for the accountant to classify in Tally."
            value={fill.kind}
            onChange={(v) =>
              onFill(v === 'one' ? { kind: 'one', ledger: oneLedger } : ({ kind: v } as RowsFill))
            }
          >
            <Stack gap={4} mt={4}>
              <Radio value="none" label="Leave them in Suspense" />
              <Radio
                value="suggested"
                disabled={plan.suggestions.length === 0 && fill.kind !== 'suggested'}
                label={`Use the remembered ledgers (${formatCount(plan.suggestions.length)} row(s) have one)`}
              />
              <Group gap="xs" align="center">
                <Radio value="one" label="Give them all one ledger:" />
                <TextInput
                  size="xs"
                  aria-label="One ledger for the rows without one"
                  value={oneLedger}
                  onChange={(e) => setOneLedger(e.currentTarget.value)}
                  onBlur={() => fill.kind === 'one' && onFill({ kind: 'one', ledger: oneLedger })}
                />
                <Button
                  size="compact-xs"
                  variant="default"
                  onClick={() => onFill({ kind: 'one', ledger: oneLedger })}
                >
                  Apply
                </Button>
              </Group>
            </Stack>
          </Radio.Group>
        )}
        {plan.masters.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Masters Tally does not have, created with the push:
            </Text>
            {needing.length > 1 && (
              <Select
                size="xs"
                label="Group of every new ledger"
                placeholder="Choose a group"
                searchable
                data={options}
                onChange={(g) => g && setGroups(Object.fromEntries(needing.map((m) => [m.name, g])))}
              />
            )}
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Ledger</Table.Th>
                  <Table.Th>Under the group</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {plan.masters.map((m) => (
                  <Table.Tr key={m.name}>
                    <Table.Td>
                      {m.name}
                      {KIND[m.kind] ? (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          ({KIND[m.kind]})
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      {m.needs_group ? (
                        <Select
                          size="xs"
                          aria-label={`Group of ${m.name}`}
                          placeholder="Choose a group"
                          searchable
                          data={options}
                          value={groups[m.name] ?? null}
                          onChange={(g) => setGroups((all) => ({ ...all, [m.name]: g ?? '' }))}
                        />
                      ) : (
                        m.group
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
        {missing.length > 0 && (
          <Text size="xs" c="red.8" role="status">
            Choose the group of {missing.map((m) => m.name).join(', ')}: Bahi does not put new ledgers under
            Suspense A/c unless you choose it.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            disabled={missing.length > 0}
            onClick={() =>
              onConfirm({
                ledger_groups: Object.fromEntries(needing.map((m) => [m.name, groups[m.name]])),
              })
            }
          >
            {action}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
