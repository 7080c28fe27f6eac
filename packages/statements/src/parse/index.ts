// Statement parsing: SourceDocument -> StatementResult. Pure and synchronous.
export type * from './types.ts';
export { parseStatement } from './statement.ts';
export { toTruthJson } from './truth.ts';
export { Trace, RULES, type RuleId, type Decision, type RowSource } from './trace.ts';
export { explainText, explainSvg, type ExplainOptions } from './explain.ts';
