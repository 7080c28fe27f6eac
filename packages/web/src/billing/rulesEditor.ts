import type { RuleSetRules } from '@bahi/contract';

// The Chunking Rules Manager's editing (spec sections 4 and 5), pure so it is tested without a screen.
// Rules are kept as typed (text) until Save All Rules converts them.

export type RuleKind = 'RATE' | 'QUANTITY';
export type DraftRule = { min: string; max: string; chunk_min: string; chunk_max: string };
export type DraftRules = Partial<Record<RuleKind, DraftRule[]>>;
export const EMPTY_RULE: DraftRule = { min: '', max: '', chunk_min: '', chunk_max: '' };

export function fromSaved(rules: RuleSetRules): DraftRules {
  const out: DraftRules = {};
  for (const kind of ['RATE', 'QUANTITY'] as const) {
    const list = rules[kind];
    if (list?.length)
      out[kind] = list.map((r) => ({
        min: String(r.min),
        max: String(r.max),
        chunk_min: String(r.chunk_min),
        chunk_max: String(r.chunk_max),
      }));
  }
  return out;
}

export function addRule(rules: DraftRules, kind: RuleKind, rule: DraftRule): DraftRules {
  return { ...rules, [kind]: [...(rules[kind] ?? []), rule] };
}

/** Replaces rule `index` of `from`; when the type changed in the form, it moves to the new type. */
export function updateRule(
  rules: DraftRules,
  from: RuleKind,
  index: number,
  kind: RuleKind,
  rule: DraftRule,
) {
  if (from === kind) {
    return { ...rules, [kind]: (rules[kind] ?? []).map((r, i) => (i === index ? rule : r)) };
  }
  return addRule(deleteRule(rules, from, index), kind, rule);
}

/** Removes a rule; a type with no rules left disappears. */
export function deleteRule(rules: DraftRules, kind: RuleKind, index: number): DraftRules {
  const left = (rules[kind] ?? []).filter((_, i) => i !== index);
  const next = { ...rules };
  if (left.length) next[kind] = left;
  else delete next[kind];
  return next;
}

/** Save's conversion: min and max to decimals, chunk_min and chunk_max to integers. */
export function toSaved(rules: DraftRules): RuleSetRules {
  const out: RuleSetRules = {};
  for (const kind of ['RATE', 'QUANTITY'] as const) {
    const list = rules[kind];
    if (!list) continue;
    out[kind] = list.map((r) => ({
      min: parseFloat(r.min),
      max: parseFloat(r.max),
      chunk_min: parseInt(r.chunk_min, 10),
      chunk_max: parseInt(r.chunk_max, 10),
    }));
  }
  return out;
}
