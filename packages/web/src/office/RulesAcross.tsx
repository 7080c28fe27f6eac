import { ENDPOINTS, type CopyRulesAnswer } from '@bahi/contract';
import { describeTaxSplit } from '@bahi/core';
import { Button, Group, Select, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { call } from '../api/client.ts';
import { notifyError, notifySuccess } from '../components/notify.ts';
import { listClients } from './api.ts';

// Rules across clients (issue 35, decision 055), under a client's rules: copy another client's
// rules here, take the office's rule set, or make this client's rules the office's set.

const said = (a: CopyRulesAnswer) =>
  `${a.copied} rule(s) added` +
  (a.same ? `, ${a.same} the client already had` : '') +
  (a.over_limit ? `, ${a.over_limit} left out: a client has at most 200 rules` : '') +
  '.';

/** The split a rule gives, for the rules table: '' when none. */
export const ruleSplitText = (split: Parameters<typeof describeTaxSplit>[0] | null | undefined) =>
  split ? ` + ${describeTaxSplit(split)}` : '';

export function RulesAcross({
  clientId,
  hasRules,
  onChanged,
}: {
  clientId: string;
  hasRules: boolean;
  onChanged: () => void;
}) {
  const [clients, setClients] = useState<{ value: string; label: string }[]>([]);
  const [from, setFrom] = useState<string | null>(null);
  const [officeSet, setOfficeSet] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    listClients().then(
      (all) => setClients(all.filter((c) => c.id !== clientId).map((c) => ({ value: c.id, label: c.name }))),
      () => setClients([]),
    );
    call(ENDPOINTS.officeRuleSet).then(
      (s) => setOfficeSet(s.rules.length),
      () => setOfficeSet(null),
    );
  }, [clientId]);

  async function run(work: () => Promise<string>, failed: string) {
    setBusy(true);
    try {
      notifySuccess(await work());
      onChanged();
    } catch (err) {
      notifyError(failed, err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Group align="flex-end" gap="sm" mt="sm" aria-label="Rules from other clients">
      <Select
        size="xs"
        w={220}
        label="Copy the rules of"
        placeholder="another client"
        data={clients}
        value={from}
        onChange={setFrom}
        searchable
      />
      <Button
        size="xs"
        variant="light"
        disabled={!from || busy}
        onClick={() =>
          void run(
            async () =>
              said(
                await call(ENDPOINTS.copyClientRules, {
                  params: { id: clientId },
                  json: { from_client_id: from! },
                }),
              ),
            'The rules could not be copied.',
          )
        }
      >
        Copy rules
      </Button>
      <Button
        size="xs"
        variant="light"
        disabled={!officeSet || busy}
        onClick={() =>
          void run(
            async () => said(await call(ENDPOINTS.takeOfficeRuleSet, { params: { id: clientId } })),
            "The office's rules could not be taken.",
          )
        }
      >
        Take the office's rules{officeSet ? ` (${officeSet})` : ''}
      </Button>
      <Button
        size="xs"
        variant="subtle"
        disabled={!hasRules || busy}
        onClick={() =>
          void run(async () => {
            const set = await call(ENDPOINTS.setOfficeRuleSet, { json: { from_client_id: clientId } });
            setOfficeSet(set.rules.length);
            return `The office's rule set is now this client's ${set.rules.length} rule(s).`;
          }, "The office's rule set could not be saved.")
        }
      >
        Make these the office's rules
      </Button>
      {officeSet === 0 && (
        <Text size="xs" c="dimmed">
          The office has no rule set yet.
        </Text>
      )}
    </Group>
  );
}
