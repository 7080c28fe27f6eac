export * from './allocate.ts';
export * from './line.ts';
export * from './references.ts';
export * from './rules.ts';
