import { z } from 'zod';

// An office with a team (issue 35, decision 054): the office is its owner's account; members are
// accountants (the clients assigned to them) and reviewers (approve a client's month before it is
// pushed; see every change). The specification's `admin` role (billing) is another thing.

export const OFFICE_ROLES = ['owner', 'accountant', 'reviewer'] as const;
export type OfficeRole = (typeof OFFICE_ROLES)[number];
export const MEMBER_ROLES = ['accountant', 'reviewer'] as const;
export const MemberRole = z.enum(MEMBER_ROLES);

export const ROLE_NAMES: Record<OfficeRole, string> = {
  owner: 'Owner',
  accountant: 'Accountant',
  reviewer: 'Reviewer',
};

/** How long an invitation's code may be entered. */
export const INVITATION_DAYS = 7;

export const TeamMember = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(OFFICE_ROLES),
  /** the clients an accountant works on (empty for the owner and reviewers, who see every client) */
  client_ids: z.array(z.string()),
  joined_at: z.string(),
});
export type TeamMember = z.infer<typeof TeamMember>;

export const TeamInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: MemberRole,
  created_at: z.string(),
  expires_at: z.string(),
});
export type TeamInvitation = z.infer<typeof TeamInvitation>;

/** An invitation the signed-in person received (to their e-mail). */
export const ReceivedInvitation = z.object({
  id: z.string(),
  office_name: z.string(),
  role: MemberRole,
  expires_at: z.string(),
});
export type ReceivedInvitation = z.infer<typeof ReceivedInvitation>;

/** GET /office/team: the office, the person's role in it, and (owner only) its members and invitations. */
export const TeamAnswer = z.object({
  office_name: z.string(),
  role: z.enum(OFFICE_ROLES),
  /** an office with a reviewer approves a month before it is pushed */
  approval_required: z.boolean(),
  members: z.array(TeamMember),
  invitations: z.array(TeamInvitation),
  received: z.array(ReceivedInvitation),
});
export type TeamAnswer = z.infer<typeof TeamAnswer>;

export const InviteRequest = z.object({
  email: z.string().trim().toLowerCase().email('Enter an e-mail address.').max(254),
  role: MemberRole,
});
export type InviteRequest = z.input<typeof InviteRequest>;

export const JoinRequest = z.object({
  invitation_id: z.string().uuid('No such invitation.'),
  code: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'The code is the 4 digits in the invitation mail.'),
});

export const JoinAnswer = z.object({ ok: z.boolean(), office_name: z.string(), role: MemberRole });

export const MemberRoleRequest = z.object({ role: MemberRole });

export const AssignRequest = z.object({ client_ids: z.array(z.string().uuid()).max(2000) });

// ---- approvals and the trail ----

const Month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month is written YYYY-MM.');

export const ApproveRequest = z.object({ month: Month, approved: z.boolean().default(true) });

export const MonthApproval = z.object({
  month: z.string(),
  approved_by: z.string(),
  approved_at: z.string(),
});
export type MonthApproval = z.infer<typeof MonthApproval>;

export const BOOK_CHANGE_KINDS = [
  'ledger',
  'rule',
  'file',
  'fix',
  'split',
  'push',
  'approve',
  'withdraw',
] as const;

export const BookChangeInfo = z.object({
  id: z.string(),
  kind: z.enum(BOOK_CHANGE_KINDS),
  account_id: z.string().nullable(),
  month: z.string().nullable(),
  /** who made it ('' when no person did: a statement the queue filed from a drop) */
  actor: z.string(),
  at: z.string(),
  rows: z.number().int(),
  detail: z.string(),
});
export type BookChangeInfo = z.infer<typeof BookChangeInfo>;

/** GET /office/clients/{id}/activity: approvals of the client's months and the trail, newest first. */
export const ClientActivityAnswer = z.object({
  role: z.enum(OFFICE_ROLES),
  approval_required: z.boolean(),
  approvals: z.array(MonthApproval),
  changes: z.array(BookChangeInfo),
});
export type ClientActivityAnswer = z.infer<typeof ClientActivityAnswer>;
