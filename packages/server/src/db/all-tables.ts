// Every table of the database, from the files that define them (each area keeps its tables beside
// its code). drizzle-kit reads this file (drizzle.config.ts), and the snapshot test compares it with
// the migrations; a new tables file is one more line here.
export * from './schema.ts';
export * from '../billing/tables.ts';
export * from '../office/tables.ts';
export * from '../office/team-tables.ts';
export * from '../statements/tables.ts';
export * from '../tally/tables.ts';
