import { ENDPOINTS, type InviteRequest } from '@bahi/contract';
import { call } from '../api/client.ts';

// The office's team and a client's approvals and trail (issue 35), by the contract's endpoints.

const id = (value: string) => ({ params: { id: value } });

export const getTeam = () => call(ENDPOINTS.team);

export const invite = (body: InviteRequest) => call(ENDPOINTS.invite, { json: body });

export const cancelInvitation = (invitationId: string) => call(ENDPOINTS.cancelInvitation, id(invitationId));

export const joinOffice = (invitationId: string, code: string) =>
  call(ENDPOINTS.joinOffice, { json: { invitation_id: invitationId, code } });

export const setMemberRole = (userId: string, role: 'accountant' | 'reviewer') =>
  call(ENDPOINTS.setMemberRole, { ...id(userId), json: { role } });

export const removeMember = (userId: string) => call(ENDPOINTS.removeMember, id(userId));

export const assignClients = (userId: string, clientIds: string[]) =>
  call(ENDPOINTS.assignClients, { ...id(userId), json: { client_ids: clientIds } });

export const getActivity = (clientId: string) => call(ENDPOINTS.clientActivity, id(clientId));

export const approveMonth = (clientId: string, month: string, approved: boolean) =>
  call(ENDPOINTS.approveMonth, { ...id(clientId), json: { month, approved } });
