import { ENDPOINTS, type MonthReportAnswer } from '@bahi/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { call, callForFile, saveBlob } from '../api/client.ts';
import { notifyError } from '../components/notify.ts';
import { formatDateTime } from '../format.ts';

// A client's month (issue 35, decision 055): each account's opening and closing, money in and out
// by ledger, the rows still on Suspense, GST input and TDS from the rows' splits, the pushes of the
// month with Tally's answer, and what statements are missing. The same as an XLSX workbook.

/** The month before today's, 'YYYY-MM': the month an office closes. */
function lastMonth(now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}

const STATE_LABEL = {
  done: 'In Tally',
  partly: 'Partly in Tally',
  not_done: 'No answer',
  expired: 'Kept file gone',
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h4" mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export default function MonthReportPage() {
  const { id = '' } = useParams();
  const [month, setMonth] = useState(lastMonth);
  const [report, setReport] = useState<MonthReportAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!/^\d{4}-\d{2}$/.test(month)) return;
    let live = true;
    setProblem(null);
    call(ENDPOINTS.monthReport, { params: { id }, query: { month } }).then(
      (r) => live && setReport(r),
      (err: unknown) =>
        live && setProblem(err instanceof Error ? err.message : 'The report could not be made.'),
    );
    return () => {
      live = false;
    };
  }, [id, month]);

  async function download() {
    try {
      const { blob, filename } = await callForFile(
        ENDPOINTS.monthReportXlsx,
        { params: { id }, query: { month } },
        `report_${month}.xlsx`,
      );
      saveBlob(blob, filename);
    } catch (err) {
      notifyError('The workbook could not be made.', err);
    }
  }

  const missing = report?.accounts.flatMap((a) => [
    ...a.gaps.map((g) => ({
      account: a.label,
      what: `The balance breaks: ${g.difference} missing`,
      from: g.after_date,
      to: g.before_date,
    })),
    ...a.uncovered.map((u) => ({
      account: a.label,
      what: 'No statement covers these days',
      from: u.from,
      to: u.to,
    })),
  ]);

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={`/app/clients/${id}`}>
        ← {report?.client.name ?? 'Client'}
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Month report{report ? `: ${report.client.name}` : ''}</Title>
        <Group align="flex-end">
          <TextInput
            type="month"
            label="Month"
            value={month}
            onChange={(e) => setMonth(e.currentTarget.value)}
          />
          <Button variant="default" disabled={!report} onClick={() => void download()}>
            Download XLSX
          </Button>
        </Group>
      </Group>
      {problem && <Alert color="red">{problem}</Alert>}
      {report && (
        <>
          <Section title="Accounts">
            <Table aria-label="Accounts">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Account</Table.Th>
                  <Table.Th ta="right">Opening</Table.Th>
                  <Table.Th ta="right">Money in</Table.Th>
                  <Table.Th ta="right">Money out</Table.Th>
                  <Table.Th ta="right">Closing</Table.Th>
                  <Table.Th ta="right">Rows</Table.Th>
                  <Table.Th ta="right">Pushed</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.accounts.map((a) => (
                  <Table.Tr key={a.account_id}>
                    <Table.Td>
                      {a.label}{' '}
                      <Text span size="xs" c="dimmed">
                        ({a.ledger})
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{a.opening || '—'}</Table.Td>
                    <Table.Td ta="right">{a.inflow}</Table.Td>
                    <Table.Td ta="right">{a.outflow}</Table.Td>
                    <Table.Td ta="right">{a.closing || '—'}</Table.Td>
                    <Table.Td ta="right">{a.rows}</Table.Td>
                    <Table.Td ta="right">{a.pushed}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Section>

          <Section title="Statements missing">
            {missing && missing.length > 0 ? (
              <Table aria-label="Statements missing">
                <Table.Tbody>
                  {missing.map((m) => (
                    <Table.Tr key={`${m.account}${m.from}${m.what}`}>
                      <Table.Td>{m.account}</Table.Td>
                      <Table.Td>{m.what}</Table.Td>
                      <Table.Td>
                        {m.from} – {m.to}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : (
              <Text size="sm">Every day of the month is covered and every balance follows.</Text>
            )}
          </Section>

          <Section title="By ledger">
            <Table aria-label="By ledger">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Ledger</Table.Th>
                  <Table.Th ta="right">Money in</Table.Th>
                  <Table.Th ta="right">Money out</Table.Th>
                  <Table.Th ta="right">Rows</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.ledgers.map((l) => (
                  <Table.Tr key={l.ledger}>
                    <Table.Td>{l.ledger}</Table.Td>
                    <Table.Td ta="right">{l.inflow}</Table.Td>
                    <Table.Td ta="right">{l.outflow}</Table.Td>
                    <Table.Td ta="right">{l.rows}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Section>

          <Section title={`Still on Suspense (${report.suspense.length})`}>
            {report.suspense.length === 0 ? (
              <Text size="sm">No row of the month is on Suspense.</Text>
            ) : (
              <Table aria-label="Still on Suspense">
                <Table.Tbody>
                  {report.suspense.map((s, i) => (
                    <Table.Tr key={i}>
                      <Table.Td>{s.account}</Table.Td>
                      <Table.Td>{s.date}</Table.Td>
                      <Table.Td>{s.description}</Table.Td>
                      <Table.Td ta="right" c="teal.9">
                        {s.inflow}
                      </Table.Td>
                      <Table.Td ta="right" c="red.9">
                        {s.outflow}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Section>

          <Section title="GST input and TDS">
            {report.taxes.length === 0 ? (
              <Text size="sm">No row of the month has a GST or TDS split.</Text>
            ) : (
              <Table aria-label="GST input and TDS">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Ledger</Table.Th>
                    <Table.Th>Head</Table.Th>
                    <Table.Th ta="right">Debit</Table.Th>
                    <Table.Th ta="right">Credit</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.taxes.map((t) => (
                    <Table.Tr key={`${t.ledger}${t.head}`}>
                      <Table.Td>{t.ledger}</Table.Td>
                      <Table.Td>{t.head.toUpperCase()}</Table.Td>
                      <Table.Td ta="right">{t.debit}</Table.Td>
                      <Table.Td ta="right">{t.credit}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Section>

          <Section title="Pushed to Tally">
            {report.pushes.length === 0 && report.found_in_tally === 0 ? (
              <Text size="sm">Nothing of this month was pushed.</Text>
            ) : (
              <Table aria-label="Pushed to Tally">
                <Table.Tbody>
                  {report.pushes.map((p) => (
                    <Table.Tr key={p.id}>
                      <Table.Td>{p.account}</Table.Td>
                      <Table.Td>{formatDateTime(p.created_at)}</Table.Td>
                      <Table.Td>
                        {p.rows} row(s), {p.vouchers} voucher(s), {p.in_tally} in Tally
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={p.state === 'done' ? 'teal' : 'orange'}>
                          {STATE_LABEL[p.state]}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{p.problems.join('; ')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {report.found_in_tally > 0 && (
              <Text size="sm" mt="xs">
                {report.found_in_tally} row(s) were found already in Tally and not sent again.
              </Text>
            )}
          </Section>
        </>
      )}
    </Stack>
  );
}
