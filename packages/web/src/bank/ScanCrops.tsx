import type { StatementTransaction } from '@bahi/contract';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { getScanCrops } from './api.ts';

// Issue 32: each row read from a scan that the reader could not vouch for, with the strip of the
// scanned page it was read from, so the bookkeeper compares the figures with the paper here rather
// than finding the page. The strips are cut by the reader and kept with the statement (GET
// /statements/{id}/scan-crops); a statement read before they were kept shows the rows without them.

/** Rows listed with their strip at most; the rest are marked in the table only. */
const SHOWN = 40;

type Props = {
  statementId: string;
  unsure: ReadonlySet<number>;
  rows: readonly StatementTransaction[];
  onShow: (row: number) => void;
};

export function ScanCrops({ statementId, unsure, rows, onShow }: Props) {
  const [crops, setCrops] = useState<Record<string, string> | null>(null);
  const any = unsure.size > 0;
  useEffect(() => {
    if (!any) return;
    const ask = new AbortController();
    getScanCrops(statementId, ask.signal)
      .then(setCrops)
      .catch(() => setCrops({})); // the rows stay marked in the table: nothing lost but the strips
    return () => ask.abort();
  }, [statementId, any]);
  if (!crops) return null;
  const listed = [...unsure].filter((i) => crops[String(i)] && rows[i]).sort((a, b) => a - b);
  if (listed.length === 0) return null;
  return (
    <Paper withBorder p="md" aria-label="Rows read from the scan unsure">
      <Title order={4}>Check these rows against the scan</Title>
      <Text size="sm" c="dimmed" mb="sm">
        Each row below was read from the scan unsure. The strip under it is the part of the page it was read
        from: compare the date and figures, and fix the row if they differ.
      </Text>
      <Stack gap="sm">
        {listed.slice(0, SHOWN).map((i) => {
          const r = rows[i]!;
          return (
            <figure key={i} className="scan-crop" aria-label={`Row ${i + 1} on the scan`}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" component="figcaption">
                  <b>Row {i + 1}</b> · {r.Date} · {r.Withdrawal ? `withdrawal ${r.Withdrawal}` : ''}
                  {r.Deposit ? `deposit ${r.Deposit}` : ''} · balance {r.ClosingBalance || '—'}
                </Text>
                <Button size="xs" variant="subtle" onClick={() => onShow(i)}>
                  Show row {i + 1}
                </Button>
              </Group>
              <img
                src={`data:image/jpeg;base64,${crops[String(i)]}`}
                alt={`Row ${i + 1} as scanned`}
                className="scan-crop-image"
              />
            </figure>
          );
        })}
        {listed.length > SHOWN && (
          <Text size="sm" c="dimmed">
            {listed.length - SHOWN} more rows read unsure are marked with ? in the table.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
