// zod schemas of every API request and answer, shared by server and web.
// One file per area; each area re-exported here.
export * from './common.ts';
export * from './auth.ts';
export * from './account.ts';
export * from './statements.ts';
export * from './vouchers.ts';
export * from './payments.ts';
export * from './billing.ts';
export * from './office.ts';
export * from './office-jobs.ts';
export * from './team.ts';
export * from './tally.ts';
export * from './tax.ts';
export * from './report.ts';
export * from './office-rules.ts';
export * from './endpoints.ts';
