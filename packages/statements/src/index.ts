export type * from './source.ts';
