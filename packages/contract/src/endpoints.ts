// Every endpoint of the API in one list: its method, its path under /api (':name' for a path
// parameter), the schema of its request body and of its JSON answer. The server registers routes
// from these entries and the web calls them by name, never by a path string; the server's test
// checks that the app serves exactly this list. `answer` is absent where the answer is a file (XML,
// XLSX, CSV) and where no schema has been written for it yet; `request` is absent for bodies that
// are a multipart upload (`upload: true`) or nothing.
import { z } from 'zod';
import {
  ChangePasswordRequest,
  DeleteAccountRequest,
  HistoryAnswer,
  UpdateProfileRequest,
} from './account.ts';
import {
  ForgotPasswordRequest,
  GoogleSignInRequest,
  PagesAnswer,
  ProfileAnswer,
  ResetPasswordRequest,
  SendOtpRequest,
  SignInRequest,
  SignUpRequest,
  TokenAnswer,
  VerifyOtpAnswer,
  VerifyOtpRequest,
} from './auth.ts';
import {
  BillingAmountsAnswer,
  BillingDataAnswer,
  ExportVouchersRequest,
  RuleSetsAnswer,
  RulesAnswer,
  SaveRulesRequest,
  TaxInvoiceRequest,
} from './billing.ts';
import {
  ApproveRequest,
  AssignRequest,
  ClientActivityAnswer,
  InviteRequest,
  JoinAnswer,
  JoinRequest,
  MemberRoleRequest,
  TeamAnswer,
  TeamInvitation,
} from './team.ts';
import { DropAnswer, JobsAnswer, JobsPasswordAnswer, JobsPasswordRequest, OfficeJob } from './office-jobs.ts';
import {
  AccountAnswer,
  AccountInfo,
  AccountInput,
  ArchiveRequest,
  BookAnswer,
  ClientAnswer,
  InboxAnswer,
  ClientInfo,
  ClientInput,
  ClientsAnswer,
  FileStatementRequest,
  FileUnfiledRequest,
  FilingInfo,
  MoveRuleRequest,
  PushAnswer,
  PushRequest,
  RuleAnswer,
  RuleInput,
  SetLedgersRequest,
  FixRowRequest,
  FixRowAnswer,
} from './office.ts';
import {
  CreateOrderAnswer,
  CreateOrderRequest,
  OrderAnswer,
  PlansAnswer,
  TestCompleteRequest,
  VerifyPaymentAnswer,
  VerifyPaymentRequest,
} from './payments.ts';
import {
  AcceptStatementRequest,
  CheckPasswordAnswer,
  DownloadXmlRequest,
  ExtractAnswer,
  GenerateXmlRequest,
  LayoutsAnswer,
  LedgerAssignments,
  RenameLayoutRequest,
  SaveLayoutRequest,
  SaveMappingRequest,
  SheetPreviewAnswer,
  SaveLedgersAnswer,
  SaveSplitsAnswer,
  SaveSplitsRequest,
  SaveLedgersRequest,
  SaveRowsAnswer,
  SaveRowsRequest,
  BankStatementFileRequest,
  PushPlanAnswer,
  PushPlanRequest,
  SendToTallyAnswer,
  SendToTallyRequest,
  StatementList,
  StatementRowsPage,
  StatementScanCrops,
  StoredStatement,
  SuggestAnswer,
  SuggestRequest,
  TaughtLayoutInfo,
  TallyResponseReport,
} from './statements.ts';
import {
  TallyCompanyAnswer,
  TallyCompanySnapshot,
  TallyPushDetail,
  TallyPushesAnswer,
  TallyReportAnswer,
  TallySendAgainAnswer,
  TallySendAgainRequest,
} from './tally.ts';
import {
  CopyRulesAnswer,
  CopyRulesRequest,
  OfficeRuleSetAnswer,
  SetOfficeRuleSetRequest,
} from './office-rules.ts';
import { MonthReportAnswer } from './report.ts';
import { SetSplitsAnswer, SetSplitsRequest } from './tax.ts';
import { GenerateVouchersXmlRequest } from './vouchers.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Endpoint = {
  readonly method: Method;
  /** under /api; ':name' marks a path parameter */
  readonly path: string;
  /** the JSON (or form) body */
  readonly request?: z.ZodType;
  /** the JSON answer */
  readonly answer?: z.ZodType;
  /** the body is a multipart upload (a statement, a workbook, a masters file, a drop) */
  readonly upload?: true;
};

/** GET /health */
export const HealthAnswer = z.object({
  ok: z.literal(true),
  db: z.enum(['pglite', 'postgres']),
  version: z.string(),
});

/** GET /config: what the web app needs to know about this server. Public, so nothing secret. */
export const PublicConfigAnswer = z.object({
  /** Google sign-in is offered only when set. */
  google_client_id: z.string().nullable(),
  /** 'test': the web app shows that no real payment is taken; 'off': purchases are refused. */
  payments_mode: z.enum(['test', 'live', 'off']),
  /** Razorpay's key id is public by design (Checkout runs in the browser with it); null in test mode. */
  razorpay_key_id: z.string().nullable(),
  version: z.string(),
});
export type PublicConfigAnswer = z.infer<typeof PublicConfigAnswer>;

const LayoutOk = z.object({ ok: z.literal(true) });

export const ENDPOINTS = {
  health: { method: 'GET', path: '/health', answer: HealthAnswer },
  config: { method: 'GET', path: '/config', answer: PublicConfigAnswer },

  // accounts (spec section 7)
  signUp: { method: 'POST', path: '/auth/signUp', request: SignUpRequest },
  signIn: { method: 'POST', path: '/auth/sign/token', request: SignInRequest, answer: TokenAnswer.partial() },
  googleSignIn: {
    method: 'POST',
    path: '/auth/google',
    request: GoogleSignInRequest,
    answer: TokenAnswer.partial(),
  },
  forgotPassword: { method: 'POST', path: '/auth/forgot-password', request: ForgotPasswordRequest },
  resetPassword: { method: 'POST', path: '/auth/reset-password', request: ResetPasswordRequest },
  profile: { method: 'GET', path: '/auth/userprofile/get', answer: ProfileAnswer },
  // the specification lists GET / beside it: the same profile at the API's root
  rootProfile: { method: 'GET', path: '/', answer: ProfileAnswer },
  pages: { method: 'GET', path: '/auth/check/pages', answer: PagesAnswer },
  logout: { method: 'POST', path: '/auth/logout' },
  sendOtp: { method: 'POST', path: '/verification/send-otp', request: SendOtpRequest },
  verifyOtp: {
    method: 'POST',
    path: '/verification/verfiy-otp',
    request: VerifyOtpRequest,
    answer: VerifyOtpAnswer,
  },

  // the account screens
  deleteAccount: { method: 'DELETE', path: '/account', request: DeleteAccountRequest },
  accountProfile: { method: 'GET', path: '/account/profile', answer: ProfileAnswer },
  updateProfile: {
    method: 'PUT',
    path: '/account/profile',
    request: UpdateProfileRequest,
    // the profile, and a fresh token with the new name
    answer: ProfileAnswer.extend({ access_token: z.string() }),
  },
  changePassword: {
    method: 'POST',
    path: '/account/change-password',
    request: ChangePasswordRequest,
    answer: z.object({ ok: z.literal(true), access_token: z.string() }),
  },
  logoutAll: { method: 'POST', path: '/account/logout-all' },
  exportAccount: { method: 'GET', path: '/account/export' },
  history: { method: 'GET', path: '/account/history', answer: HistoryAnswer },

  // statements (spec section 7; issues 17 and 19)
  checkPassword: { method: 'POST', path: '/:bank/check-password', upload: true, answer: CheckPasswordAnswer },
  extractStatement: { method: 'POST', path: '/:bank/extract-statement', upload: true, answer: ExtractAnswer },
  readWithLayout: { method: 'POST', path: '/:bank/read-with-layout', upload: true, answer: ExtractAnswer },
  downloadXml: { method: 'POST', path: '/:bank/download-xml', request: DownloadXmlRequest },
  /** issue 35: a sheet's first rows to mark its columns on, and the file read with the marks */
  sheetPreview: { method: 'POST', path: '/:bank/sheet-preview', upload: true, answer: SheetPreviewAnswer },
  readWithMapping: { method: 'POST', path: '/:bank/read-with-mapping', upload: true, answer: ExtractAnswer },
  saveMapping: { method: 'POST', path: '/mappings', request: SaveMappingRequest, answer: TaughtLayoutInfo },
  layouts: { method: 'GET', path: '/layouts', answer: LayoutsAnswer },
  saveLayout: { method: 'POST', path: '/layouts', request: SaveLayoutRequest, answer: TaughtLayoutInfo },
  renameLayout: {
    method: 'PATCH',
    path: '/layouts/:id',
    request: RenameLayoutRequest,
    answer: TaughtLayoutInfo,
  },
  deleteLayout: { method: 'DELETE', path: '/layouts/:id', answer: LayoutOk },
  rememberLedgers: { method: 'POST', path: '/ledger-memory', request: LedgerAssignments },
  suggestLedgers: {
    method: 'POST',
    path: '/ledger-memory/suggest',
    request: SuggestRequest,
    answer: SuggestAnswer,
  },
  forgetLedgers: { method: 'DELETE', path: '/ledger-memory', answer: LayoutOk },
  statements: { method: 'GET', path: '/statements', answer: StatementList },
  statement: { method: 'GET', path: '/statements/:id', answer: StoredStatement },
  statementRows: { method: 'GET', path: '/statements/:id/rows', answer: StatementRowsPage },
  statementScanCrops: { method: 'GET', path: '/statements/:id/scan-crops', answer: StatementScanCrops },
  saveStatementRows: {
    method: 'PUT',
    path: '/statements/:id/rows',
    request: SaveRowsRequest,
    answer: SaveRowsAnswer,
  },
  saveStatementLedgers: {
    method: 'POST',
    path: '/statements/:id/ledgers',
    request: SaveLedgersRequest,
    answer: SaveLedgersAnswer,
  },
  saveStatementSplits: {
    method: 'POST',
    path: '/statements/:id/splits',
    request: SaveSplitsRequest,
    answer: SaveSplitsAnswer,
  },
  acceptStatement: { method: 'PUT', path: '/statements/:id/accepted', request: AcceptStatementRequest },

  // Tally
  tallyXml: { method: 'POST', path: '/tally/generate-xml', request: GenerateXmlRequest },
  // null: no company read yet (not a failure: the screens work without one)
  tallyCompany: { method: 'GET', path: '/tally/company', answer: TallyCompanyAnswer.nullable() },
  saveTallyCompany: {
    method: 'PUT',
    path: '/tally/company',
    request: TallyCompanySnapshot,
    answer: TallyCompanyAnswer,
  },
  tallyCompanyFile: { method: 'POST', path: '/tally/company/file', upload: true, answer: TallyCompanyAnswer },
  sendToTally: {
    method: 'POST',
    path: '/tally/send-to-tally',
    request: SendToTallyRequest,
    answer: SendToTallyAnswer,
  },
  // What an export of these rows would do, before it is done (issue 31).
  tallyPushPlan: {
    method: 'POST',
    path: '/tally/push-plan',
    request: PushPlanRequest,
    answer: PushPlanAnswer,
  },
  // The statement as TallyPrime's bank-statement file for auto reconciliation (MT940; a file).
  tallyBankStatementFile: {
    method: 'POST',
    path: '/tally/bank-statement-file',
    request: BankStatementFileRequest,
  },
  tallyExport: { method: 'GET', path: '/tally/exports/:id' },
  tallyExportResponse: {
    method: 'POST',
    path: '/tally/exports/:id/response',
    request: TallyResponseReport,
    answer: TallyReportAnswer,
  },
  // The pushes kept, with Tally's answer per voucher, and send again for what it did not take (issue 31).
  tallyPushes: { method: 'GET', path: '/tally/pushes', answer: TallyPushesAnswer },
  tallyPush: { method: 'GET', path: '/tally/pushes/:id', answer: TallyPushDetail },
  tallySendAgain: {
    method: 'POST',
    path: '/tally/pushes/:id/again',
    request: TallySendAgainRequest,
    answer: TallySendAgainAnswer,
  },

  // the voucher importer
  vouchersXml: {
    method: 'POST',
    path: '/voucher-importer/generate-xml',
    request: GenerateVouchersXmlRequest,
  },

  // payments
  plans: { method: 'GET', path: '/payment/plans', answer: PlansAnswer },
  createOrder: {
    method: 'POST',
    path: '/payment/create_order',
    request: CreateOrderRequest,
    answer: CreateOrderAnswer,
  },
  order: { method: 'GET', path: '/payment/order/:id', answer: OrderAnswer },
  verifyPayment: {
    method: 'POST',
    path: '/payment/verify_payment',
    request: VerifyPaymentRequest,
    answer: VerifyPaymentAnswer,
  },
  // served in test mode only (BAHI_PAYMENTS=test): stands in for Razorpay Checkout
  testPayment: {
    method: 'POST',
    path: '/payment/test/complete',
    request: TestCompleteRequest,
    answer: VerifyPaymentRequest,
  },
  paymentWebhook: { method: 'POST', path: '/payment/webhook' },

  // billing (admin) and its rules
  billingCheckPassword: {
    method: 'POST',
    path: '/item-master/check-password',
    upload: true,
    answer: CheckPasswordAnswer,
  },
  billingData: { method: 'POST', path: '/item-master/get-data', upload: true, answer: BillingDataAnswer },
  billingDataSpec: { method: 'POST', path: '/itemssss/get-data', upload: true, answer: BillingDataAnswer },
  // ours (issue 34 round four): the amounts workbook's total and days, read before Submit
  billingAmountsTotal: {
    method: 'POST',
    path: '/billing/amounts-total',
    upload: true,
    answer: BillingAmountsAnswer,
  },
  taxInvoices: { method: 'POST', path: '/item-master/generatee-tax-invoice', request: TaxInvoiceRequest },
  billingXlsx: { method: 'POST', path: '/item-master/export-xlsx', request: ExportVouchersRequest },
  billingCsv: { method: 'POST', path: '/item-master/export-csv', request: ExportVouchersRequest },
  ruleSets: { method: 'GET', path: '/rules/chunking-rules/rule-sets', answer: RuleSetsAnswer },
  rules: { method: 'GET', path: '/rules/chunking-rules/get/:name', answer: RulesAnswer },
  saveRules: { method: 'POST', path: '/rules/chunking-rules/save', request: SaveRulesRequest },

  // the office (issue 13)
  clients: { method: 'GET', path: '/office/clients', answer: ClientsAnswer },
  createClient: { method: 'POST', path: '/office/clients', request: ClientInput, answer: ClientInfo },
  client: { method: 'GET', path: '/office/clients/:id', answer: ClientAnswer },
  updateClient: { method: 'PUT', path: '/office/clients/:id', request: ClientInput, answer: ClientInfo },
  archiveClient: { method: 'POST', path: '/office/clients/:id/archive', request: ArchiveRequest },
  createAccount: {
    method: 'POST',
    path: '/office/clients/:id/accounts',
    request: AccountInput,
    answer: AccountAnswer,
  },
  createRule: { method: 'POST', path: '/office/clients/:id/rules', request: RuleInput, answer: RuleAnswer },
  updateAccount: { method: 'PUT', path: '/office/accounts/:id', request: AccountInput, answer: AccountInfo },
  archiveAccount: { method: 'POST', path: '/office/accounts/:id/archive', request: ArchiveRequest },
  book: { method: 'GET', path: '/office/accounts/:id/book', answer: BookAnswer },
  setBookLedgers: { method: 'PUT', path: '/office/accounts/:id/ledgers', request: SetLedgersRequest },
  copyClientRules: {
    method: 'POST',
    path: '/office/clients/:id/rules/copy',
    request: CopyRulesRequest,
    answer: CopyRulesAnswer,
  },
  officeRuleSet: { method: 'GET', path: '/office/rule-set', answer: OfficeRuleSetAnswer },
  setOfficeRuleSet: {
    method: 'PUT',
    path: '/office/rule-set',
    request: SetOfficeRuleSetRequest,
    answer: OfficeRuleSetAnswer,
  },
  takeOfficeRuleSet: {
    method: 'POST',
    path: '/office/clients/:id/rules/take-office-set',
    answer: CopyRulesAnswer,
  },
  monthReport: { method: 'GET', path: '/office/clients/:id/report', answer: MonthReportAnswer },
  /** the month report as an XLSX workbook (?month=YYYY-MM) */
  monthReportXlsx: { method: 'GET', path: '/office/clients/:id/report.xlsx' },
  setBookSplits: {
    method: 'PUT',
    path: '/office/accounts/:id/splits',
    request: SetSplitsRequest,
    answer: SetSplitsAnswer,
  },
  fixBookRow: {
    method: 'PUT',
    path: '/office/accounts/:id/fix',
    request: FixRowRequest,
    answer: FixRowAnswer,
  },
  pushBook: { method: 'POST', path: '/office/accounts/:id/push', request: PushRequest, answer: PushAnswer },
  fileStatement: {
    method: 'POST',
    path: '/office/statements/file',
    request: FileStatementRequest,
    answer: FilingInfo,
  },
  fileUnfiled: {
    method: 'POST',
    path: '/office/unfiled/:id/file',
    request: FileUnfiledRequest,
    answer: FilingInfo,
  },
  dropUnfiled: { method: 'DELETE', path: '/office/unfiled/:id' },
  inbox: { method: 'GET', path: '/office/inbox', answer: InboxAnswer },
  updateRule: { method: 'PUT', path: '/office/rules/:id', request: RuleInput, answer: RuleAnswer },
  deleteRule: { method: 'DELETE', path: '/office/rules/:id' },
  moveRule: { method: 'POST', path: '/office/rules/:id/move', request: MoveRuleRequest },
  drop: { method: 'POST', path: '/office/drops', upload: true, answer: DropAnswer },
  jobs: { method: 'GET', path: '/office/jobs', answer: JobsAnswer },
  job: { method: 'GET', path: '/office/jobs/:id', answer: OfficeJob },
  jobsPassword: {
    method: 'POST',
    path: '/office/jobs/password',
    request: JobsPasswordRequest,
    answer: JobsPasswordAnswer,
  },

  // the office's team (issue 35)
  team: { method: 'GET', path: '/office/team', answer: TeamAnswer },
  invite: {
    method: 'POST',
    path: '/office/team/invitations',
    request: InviteRequest,
    answer: TeamInvitation,
  },
  cancelInvitation: { method: 'DELETE', path: '/office/team/invitations/:id' },
  joinOffice: { method: 'POST', path: '/office/team/join', request: JoinRequest, answer: JoinAnswer },
  setMemberRole: { method: 'PUT', path: '/office/team/members/:id', request: MemberRoleRequest },
  removeMember: { method: 'DELETE', path: '/office/team/members/:id' },
  assignClients: { method: 'PUT', path: '/office/team/members/:id/clients', request: AssignRequest },
  clientActivity: { method: 'GET', path: '/office/clients/:id/activity', answer: ClientActivityAnswer },
  approveMonth: { method: 'POST', path: '/office/clients/:id/approvals', request: ApproveRequest },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;

/** The request body as the endpoint's schema parses it (unknown where it has no schema). */
export type RequestOf<E extends Endpoint> = E extends { request: z.ZodType }
  ? z.output<E['request']>
  : unknown;

/** What a caller sends, before the schema's defaults and transforms. */
export type RequestInputOf<E extends Endpoint> = E extends { request: z.ZodType }
  ? z.input<E['request']>
  : unknown;

/** The JSON answer an endpoint gives (unknown where it has no schema). */
export type AnswerOf<E extends Endpoint> = E extends { answer: z.ZodType } ? z.output<E['answer']> : unknown;

export { pathOf } from './path.ts';
