import { Badge, Button, FileButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { dutyHeadWords } from './company.ts';
import { useTallyCompany } from './useTallyCompany.ts';
import { formatDateTime } from '../format.ts';

// The company in TallyPrime, as Bahi knows it: read through the bridge (the Tally connector on this
// computer asks Tally), or loaded from the masters file TallyPrime exports. Its names then fill
// every ledger field; its state decides intra- or inter-state GST; its release the duty-head words.

type Props = {
  /** Where TallyPrime runs (the same field the push uses). */
  localIp: string;
  /** The company name typed on the screen, if any. */
  companyName: string;
  onCompany?: (name: string) => void;
};

export function CompanyCard({ localIp, companyName, onCompany }: Props) {
  const { company, loading, error, loadError, readFromTally, loadFile } = useTallyCompany();
  const [state, setState] = useState('');
  const read = async () => {
    const got = await readFromTally(localIp || '127.0.0.1', companyName);
    if (got) onCompany?.(got.company.name);
  };
  return (
    <Paper withBorder p="sm" aria-label="Tally company">
      <Stack gap={6}>
        {company ? (
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600} data-testid="tally-company-name">
              {company.company.name}
            </Text>
            <Badge variant="light">{company.company.state || 'State not set'}</Badge>
            {company.company.gstin && <Badge variant="light">GSTIN {company.company.gstin}</Badge>}
            {company.company.version && <Badge variant="light">{company.company.version}</Badge>}
            <Text size="xs" c="dimmed" data-testid="tally-company-counts">
              {company.ledgers.length} ledgers · {company.stockItems.length} stock items ·{' '}
              {company.voucherTypes.length} voucher types · GST words:{' '}
              {dutyHeadWords(company.company.version)} ·{' '}
              {company.source === 'file' ? 'from a masters file' : 'read from Tally'}{' '}
              {formatDateTime(company.read_at)}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {loadError ?? 'No Tally company read yet: ledger fields cannot check names against Tally.'}
          </Text>
        )}
        <Group gap="xs" align="flex-end">
          <Button size="xs" variant="light" onClick={read} loading={loading}>
            Read company from Tally
          </Button>
          <FileButton
            accept=".xml,text/xml,application/xml"
            onChange={async (file) => {
              const got = file && (await loadFile(file, { company_name: companyName, state }));
              if (got) onCompany?.(got.company.name);
            }}
          >
            {(props) => (
              <Button size="xs" variant="default" {...props} disabled={loading}>
                Load masters file (XML)
              </Button>
            )}
          </FileButton>
          <TextInput
            size="xs"
            label="Company state (for a masters file)"
            value={state}
            onChange={(e) => setState(e.currentTarget.value)}
          />
        </Group>
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
