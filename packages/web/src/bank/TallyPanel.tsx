import { parseSpecDate } from '@bahi/core';
import {
  TALLY_PART_VOUCHERS,
  type PushPlanAnswer,
  type PushPlanRequest,
  type StatementTransaction,
} from '@bahi/contract';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { lazy, memo, Suspense, useState } from 'react';
import { ApiError, nextOf, reasonOf, saveBlob } from '../api/client.ts';
import { downloadBankStatementFile, planPush, reportTallyResponse, sendForParts } from '../tally/api.ts';
import { filledLedgers, fillRows, type PlanChoice, type RowsFill } from '../tally/plan-fill.ts';
import { LedgerPicker, TallyLedgerDatalist } from '../tally/LedgerPicker.tsx';
import { pushInParts, pushReportLines, type PushProgress } from '../tally/push.ts';
import { PushProgressBar } from '../tally/PushProgress.tsx';
import { useTallyCompany } from '../tally/useTallyCompany.ts';
import { downloadXml } from './api.ts';
import {
  bridgeAvailable,
  bridgeUrl,
  DEFAULT_BRIDGE_URL,
  pushThroughBridge,
  readHeldThroughBridge,
  rememberBridgeUrl,
  rememberTallyIp,
  rememberedTallyIp,
} from './bridge.ts';
import { toCsv, toXlsx, XLSX_TYPE } from './export.ts';
import { downloadProblem, sendConfirmation, sendProblem } from './validate.ts';
import { tell } from '../components/toasts.tsx';
import { ask, AskHost } from '../components/Ask.tsx';

// Loaded beside the panel, not with it: the statement screen's bundle budget (DESIGN.md; the
// contract grew with issue 35's endpoints), as the Create Vouchers screen does.
const CompanyCard = lazy(() => import('../tally/CompanyCard.tsx').then((m) => ({ default: m.CompanyCard })));

// (the dialog is loaded when a plan is shown: the statement screen stays within its bundle budget)
const PushPlanModal = lazy(() =>
  import('../tally/PushPlanModal.tsx').then((m) => ({ default: m.PushPlanModal })),
);

// Download XML, Send to Tally (through `bahi bridge`) and the spreadsheet exports of the rows the
// filters show, with the validations and messages of spec sections 5 and 8. Issue 12: the company
// read from Tally fills the bank ledger's picker and warns before an export names a ledger Tally
// lacks. Issue 19: the push goes in parts of TALLY_PART_VOUCHERS with progress and a report per part.

const COMPANY_KEY = 'bahi.tally.company';

type Props = {
  bank: string;
  acc: string;
  rows: StatementTransaction[];
  defaultLedger: string;
  fileBase: string;
  /** why the exports are blocked (a read that does not reconcile, not yet accepted): issue 17 */
  blocked?: string;
  /** the stored statement the rows are from: the XML takes its references and value dates (issue 12) */
  statementId?: string;
  /** every row of the statement, whatever the filters show: the bank-statement file is the whole statement */
  statementRows?: readonly StatementTransaction[];
  /**
   * The ledgers the plan gave rows without one, by their index in `rows`, once the user confirms:
   * the screen keeps them on its rows (saved with the statement), so a reload or a second push has
   * them too (issue 31).
   */
  onLedgersChosen?: (given: ReadonlyMap<number, string>) => void;
};

/** The rows as they go (with the ledgers the plan gave them) and the groups chosen for new ledgers. */
type Planned = {
  transactions: StatementTransaction[];
  ledger_groups: Record<string, string>;
  /** the user asked for the vouchers sent or downloaded before too */
  include_sent?: boolean;
};

/** An open plan: the request, its plan as first made and as now shown, and who waits for the answer. */
type PlanState = {
  action: string;
  request: PushPlanRequest;
  base: PushPlanAnswer;
  shown: PushPlanAnswer;
  fill: RowsFill;
  resolve: (p: Planned | null) => void;
};

// Memoised: the result screen's filters hand it new rows (deferred), nothing else re-draws it.
export const TallyPanel = memo(function TallyPanel({
  bank,
  acc,
  rows,
  defaultLedger,
  fileBase,
  blocked,
  statementId,
  statementRows,
  onLedgersChosen,
}: Props) {
  const [ledgerName, setLedgerName] = useState(defaultLedger);
  const [localIp, setLocalIp] = useState(rememberedTallyIp);
  const [companyName, setCompanyName] = useState(() => localStorage.getItem(COMPANY_KEY) ?? '');
  const [messages, setMessages] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<PushProgress | null>(null);
  const { company } = useTallyCompany();
  const say = (m: string) => setMessages((all) => [...all, m]);

  const [planning, setPlanning] = useState<PlanState | null>(null);

  /**
   * Says what the export will do before it is done (issue 31): the server plans it, the user
   * chooses what the rows without a ledger get and the groups of the new ledgers. Resolves with the
   * rows as they go and the groups, or null when the user cancels or the plan cannot be made.
   */
  async function planned(action: string, asked: PushPlanRequest): Promise<Planned | null> {
    let request = asked;
    let base: PushPlanAnswer;
    try {
      base = await planPush(request);
      const left = base.already_sent + base.already_downloaded + base.already_in_tally;
      if (base.vouchers === 0 && left > 0) {
        // Every row went before (issue 31). Again only if the user says so (deleted in Tally, a
        // file lost); what Tally still holds stays out when it could be read.
        const again = await ask({
          title: 'Nothing new',
          text:
            `Nothing new: all ${left} voucher(s) went to Tally before (${base.already_in_tally} in Tally, ${base.already_sent} sent, ${base.already_downloaded} downloaded).\n\n` +
            `${action} them again anyway? Only if they were deleted in Tally or the file was lost: otherwise they are entered twice.`,
          yes: `${action} again`,
        });
        if (!again) return null;
        request = { ...request, include_sent: true };
        base = await planPush(request);
        if (base.vouchers === 0) {
          // What Tally holds (read through the bridge) still answers for every one of them.
          say(`ℹ️ Nothing new: all ${left} voucher(s) went to Tally before, and Tally holds them.`);
          return null;
        }
      }
    } catch (err) {
      say(`❌ ${action}: ${err instanceof ApiError ? err.detail : 'the plan could not be made.'}`);
      return null;
    }
    return new Promise((resolve) =>
      setPlanning({ action, request, base, shown: base, fill: { kind: 'none' }, resolve }),
    );
  }

  /** The rows' ledgers changed in the plan: it is planned again (new ledgers may need groups). */
  async function refill(fill: RowsFill) {
    if (!planning) return;
    const transactions = fillRows(planning.request.transactions, planning.base, fill);
    try {
      const shown = await planPush({ ...planning.request, transactions });
      setPlanning({ ...planning, fill, shown });
    } catch (err) {
      say(`❌ ${err instanceof ApiError ? err.detail : 'The plan could not be made.'}`);
    }
  }

  function closePlan(choice: PlanChoice | null) {
    if (!planning) return;
    const transactions = fillRows(planning.request.transactions, planning.base, planning.fill);
    if (choice) {
      const given = filledLedgers(planning.base, planning.fill);
      if (given.size > 0) onLedgersChosen?.(given);
    }
    planning.resolve(
      choice
        ? {
            transactions,
            ledger_groups: choice.ledger_groups,
            ...(planning.request.include_sent ? { include_sent: true } : {}),
          }
        : null,
    );
    setPlanning(null);
  }

  async function download() {
    const problem = downloadProblem(rows.length, { localIp, ledgerName });
    if (problem) return tell(problem);
    rememberTallyIp(localIp);
    // The company the plan was about: the file declares only the ledgers it lacks.
    const request = {
      transactions: rows,
      ledger_name: ledgerName.trim(),
      company_name: company?.company.name,
      statement_id: statementId,
    };
    const plan = await planned('Download XML', request);
    if (!plan) return;
    const body = { ...request, acc, ...plan };
    try {
      const { blob, filename } = await downloadXml(bank, body);
      saveBlob(blob, filename);
    } catch (err) {
      // 409: every row went to Tally or into a file before (issue 31). The user may have lost the
      // file, or deleted the vouchers in Tally: they can have them again, knowingly.
      if (!(err instanceof ApiError && err.status === 409))
        return tell('Failed to download XML.', reasonOf(err, 'Try again.'));
      const again = await ask({
        title: 'Downloaded before',
        text: `${err.detail}\n\nDownload them again anyway?`,
        yes: 'Download again',
      });
      if (!again) return;
      try {
        const { blob, filename } = await downloadXml(bank, { ...body, include_sent: true });
        saveBlob(blob, filename);
      } catch (again) {
        tell('Failed to download XML.', reasonOf(again, 'Try again.'));
      }
    }
  }

  async function send() {
    const form = { localIp, ledgerName, companyName };
    const problem = sendProblem(rows.length, form);
    if (problem) return tell(problem);
    rememberTallyIp(localIp);
    localStorage.setItem(COMPANY_KEY, companyName.trim());
    setMessages([]);
    setProgress(null);
    setBusy(true);
    try {
      // What the company already holds on the ledger in the rows' period: not sent again (issue 31).
      const dates = rows.flatMap((r) => parseSpecDate(r.Date ?? '') ?? []).sort();
      const held =
        dates.length && (await bridgeAvailable())
          ? await readHeldThroughBridge(localIp, companyName, ledgerName, dates[0], dates[dates.length - 1])
          : null;
      if (held === null)
        say("ℹ️ Could not read what Tally holds; Bahi's own record of what was sent decides.");
      const asked = {
        transactions: rows,
        ledger_name: ledgerName.trim(),
        company_name: companyName.trim(),
        statement_id: statementId,
        ...(held ? { held } : {}),
      };
      // What will happen, said before (issue 31): the user's choices go with the request.
      const plan = await planned('Send to Tally', asked);
      if (!plan) return;
      const request = { ...asked, ...plan };
      let stored;
      try {
        // Kept on the server without downloading its XML back: the bridge fetches it part by part.
        try {
          stored = await sendForParts(request);
        } catch (err) {
          // 409: Bahi's record says every row went before. Sent again only if the user says so
          // (they deleted them in Tally); what Tally still holds stays out when it could be read.
          const again =
            err instanceof ApiError &&
            err.status === 409 &&
            (await ask({
              title: 'Sent before',
              text: `${err.detail}\n\nSend them again anyway? Only if they were deleted in Tally: otherwise they are entered twice.`,
              yes: 'Send again',
            }));
          if (!again) throw err;
          stored = await sendForParts({ ...request, include_sent: true });
        }
      } catch (err) {
        if (err instanceof ApiError && err.status === 0) say('❌ Could not connect to Tally server.');
        else say(`❌ Failed to send to Tally: ${err instanceof ApiError ? err.detail : 'Unknown error'}`);
        return;
      }
      const leftOut =
        (stored.already_sent ?? 0) + (stored.already_downloaded ?? 0) + (stored.already_in_tally ?? 0);
      if (leftOut > 0)
        say(
          `ℹ️ ${leftOut} transaction(s) left out: already in Tally (${stored.already_in_tally ?? 0}), sent before (${stored.already_sent ?? 0}) or downloaded before (${stored.already_downloaded ?? 0}).`,
        );
      say('✅ Transactions sent to Tally successfully!');
      say('✅ Transactions saved. Triggering Tally connector...');
      if (!(await bridgeAvailable())) {
        say('Tally connector not available (outside Electron)');
        return;
      }
      // The bridge records Tally's answer to each part on the export itself.
      const id = stored.xml_id;
      const total = { parts: stored.parts, vouchers: stored.vouchers, perPart: TALLY_PART_VOUCHERS };
      setProgress({ partsDone: 0, parts: total.parts, vouchersDone: 0, vouchers: total.vouchers });
      const report = await pushInParts((part) => pushThroughBridge(localIp, id, part), total, setProgress);
      const failed = report.outcomes.filter((o) => !o.ok);
      if (report.stoppedAt === 0) {
        say('❌ Failed to trigger Tally connector.');
        void reportTallyResponse(id, { ok: false, detail: failed[0]?.problems[0]?.slice(0, 400) }).catch(
          () => {},
        );
        return;
      }
      say(
        failed.length === 0
          ? '📤 XML sent to Tally successfully!'
          : '⚠️ XML stored, but failed to send to Tally.',
      );
      for (const line of pushReportLines(report, TALLY_PART_VOUCHERS)) say(line);
    } finally {
      setBusy(false);
    }
  }

  /** TallyPrime's bank-statement file (MT940) for its auto reconciliation: the whole statement. */
  async function statementFile() {
    try {
      const { blob, filename } = await downloadBankStatementFile({
        acc,
        transactions: [...(statementRows ?? rows)],
        statement_id: statementId,
      });
      saveBlob(blob, filename);
    } catch (err) {
      tell(reasonOf(err, 'Failed to write the bank statement file.'), nextOf(err));
    }
  }

  function exportAs(kind: 'csv' | 'xlsx') {
    if (rows.length === 0)
      return tell(
        'No transactions to download.',
        'No row is shown: clear the filters, or read a statement with transactions.',
      );
    const blob =
      kind === 'csv'
        ? new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' })
        : new Blob([toXlsx(rows) as BlobPart], { type: XLSX_TYPE });
    saveBlob(blob, `${fileBase}.${kind}`);
  }

  return (
    <Paper withBorder p="md">
      <AskHost />
      <Stack gap="sm">
        <Title order={4}>Tally</Title>
        <Text size="sm" c="dimmed">
          {rows.length} transactions (the rows the filters show) go into the XML, the exports and the send.
        </Text>
        <Suspense fallback={null}>
          <CompanyCard
            localIp={localIp}
            companyName={companyName}
            onCompany={(name) => setCompanyName((typed) => typed.trim() || name)}
          />
        </Suspense>
        <TallyLedgerDatalist company={company} />
        <Group align="flex-end" gap="sm">
          <LedgerPicker
            label="Ledger name"
            description="The bank ledger in Tally"
            company={company}
            value={ledgerName}
            onChange={setLedgerName}
          />
          <TextInput
            label="Local IP of the Tally connector"
            description="Where TallyPrime runs, e.g. 192.168.1.20"
            value={localIp}
            onChange={(e) => setLocalIp(e.currentTarget.value)}
          />
          <TextInput
            label="Company name"
            description="As in TallyPrime"
            value={companyName}
            onChange={(e) => setCompanyName(e.currentTarget.value)}
          />
          <BridgeField />
        </Group>
        {blocked && (
          <Text size="sm" c="red.8" role="status" aria-label="Export blocked">
            {blocked}
          </Text>
        )}
        <Group gap="sm">
          <Button onClick={download} disabled={Boolean(blocked)} title={blocked}>
            Download XML
          </Button>
          <Button
            onClick={send}
            loading={busy}
            variant="filled"
            color="teal"
            disabled={Boolean(blocked)}
            title={blocked}
          >
            Send to Tally
          </Button>
          <Button
            variant="default"
            onClick={() => exportAs('xlsx')}
            disabled={Boolean(blocked)}
            title={blocked}
          >
            Export XLSX
          </Button>
          <Button
            variant="default"
            onClick={() => exportAs('csv')}
            disabled={Boolean(blocked)}
            title={blocked}
          >
            Export CSV
          </Button>
          <Button
            variant="default"
            onClick={() => void statementFile()}
            disabled={Boolean(blocked)}
            title={
              blocked ??
              "The whole statement as TallyPrime's bank-statement file (MT940): Banking > Bank Reconciliation > import, to reconcile books that already hold the vouchers."
            }
          >
            Bank statement file (MT940)
          </Button>
        </Group>
        {planning && (
          <Suspense fallback={null}>
            <PushPlanModal
              // The remembered ledgers of the rows as first planned: filling them is what the choice does.
              plan={{ ...planning.shown, suggestions: planning.base.suggestions }}
              action={planning.action}
              // The specification's confirmation before a send (section 5): the plan is where it is asked.
              question={planning.action === 'Send to Tally' ? sendConfirmation(rows.length) : undefined}
              fill={planning.fill}
              onFill={(fill) => void refill(fill)}
              onCancel={() => closePlan(null)}
              onConfirm={closePlan}
            />
          </Suspense>
        )}
        {progress && <PushProgressBar progress={progress} label="Tally push progress" busy={busy} />}
        {messages.length > 0 && (
          <Stack gap={2} role="status" aria-label="Tally messages">
            {messages.map((m, i) => (
              <Text key={i} size="sm">
                {m}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
});

/** The bridge's address on this computer (issue 34: it could only be set in the browser's storage). */
function BridgeField() {
  const [url, setUrl] = useState(bridgeUrl);
  const [wrong, setWrong] = useState(false);
  return (
    <TextInput
      label="Bridge address"
      description={`bahi bridge on this computer; ${DEFAULT_BRIDGE_URL} unless you changed its port`}
      value={url}
      error={wrong ? 'An address like http://127.0.0.1:9100' : undefined}
      onChange={(e) => setUrl(e.currentTarget.value)}
      onBlur={() => {
        const ok = rememberBridgeUrl(url);
        setWrong(!ok);
        if (ok) setUrl(bridgeUrl());
      }}
    />
  );
}
