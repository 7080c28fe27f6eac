import {
  HistoryAnswer,
  ProfileAnswer,
  type ChangePasswordRequest,
  type DeleteAccountRequest,
  type UpdateProfileRequest,
} from '@bahi/contract';
import { api, apiBlob } from './client.ts';

// Account management (DESIGN.md, 'Where the specification is silent').

export const getAccountProfile = () => api('/account/profile', {}, ProfileAnswer);

/** The answer may carry a fresh token with the new name. */
export const updateProfile = (body: UpdateProfileRequest) =>
  api<{ access_token?: string }>('/account/profile', { method: 'PUT', body: { json: body } });

export const changePassword = (body: ChangePasswordRequest) =>
  api<{ access_token?: string }>('/account/change-password', { body: { json: body } });

export const logoutEverywhere = () => api('/account/logout-all', { method: 'POST' });

export const exportMyData = () => apiBlob('/account/export', {}, 'bahi-my-data.json');

export const deleteAccount = (body: DeleteAccountRequest) =>
  api('/account', { method: 'DELETE', body: { json: body } });

export const getHistory = (page: number, pageSize = 20) =>
  api('/account/history', { query: { page, page_size: pageSize } }, HistoryAnswer);
