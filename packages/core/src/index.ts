export * from './banks.ts';
