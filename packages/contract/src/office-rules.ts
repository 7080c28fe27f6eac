import { z } from 'zod';
import { RuleInfo } from './office.ts';

// Rules across clients (issue 35, decision 055): a client's rules copied to another, and the
// office's own rule set that each client can take. Copies: a client's later change is its own.

/** POST /office/clients/{id}/rules/copy: the rules of `from_client_id` appended to this client's. */
export const CopyRulesRequest = z.object({ from_client_id: z.string().uuid() });
export type CopyRulesRequest = z.infer<typeof CopyRulesRequest>;

/** Rules added; rules left out because the client has the same rule, or its rules are full. */
export const CopyRulesAnswer = z.object({
  copied: z.number().int(),
  same: z.number().int(),
  over_limit: z.number().int(),
});
export type CopyRulesAnswer = z.infer<typeof CopyRulesAnswer>;

/** GET /office/rule-set; PUT /office/rule-set makes a client's rules the office's set. */
export const OfficeRuleSetAnswer = z.object({ rules: z.array(RuleInfo) });
export type OfficeRuleSetAnswer = z.infer<typeof OfficeRuleSetAnswer>;
export const SetOfficeRuleSetRequest = CopyRulesRequest;
