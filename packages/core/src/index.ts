export * from './banks.ts';
export * from './money.ts';
export * from './dates.ts';
