export * from './banks.ts';
export * from './money.ts';
export * from './dates.ts';
export * from './random.ts';
export * from './transactions.ts';
export * from './errors.ts';
export * from './split.ts';
export * from './duplicate.ts';
