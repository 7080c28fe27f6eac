import {
  ENDPOINTS,
  type ChangePasswordRequest,
  type DeleteAccountRequest,
  type UpdateProfileRequest,
} from '@bahi/contract';
import { call, callForFile } from './client.ts';

// Account management (DESIGN.md, 'Where the specification is silent'), by the contract's endpoints.

export const getAccountProfile = () => call(ENDPOINTS.accountProfile);

/** The answer carries a fresh token with the new name. */
export const updateProfile = (body: UpdateProfileRequest) => call(ENDPOINTS.updateProfile, { json: body });

export const changePassword = (body: ChangePasswordRequest) => call(ENDPOINTS.changePassword, { json: body });

export const logoutEverywhere = () => call(ENDPOINTS.logoutAll);

export const exportMyData = () => callForFile(ENDPOINTS.exportAccount, {}, 'bahi-my-data.json');

export const deleteAccount = (body: DeleteAccountRequest) => call(ENDPOINTS.deleteAccount, { json: body });

export const getHistory = (page: number, pageSize = 20) =>
  call(ENDPOINTS.history, { query: { page, page_size: pageSize } });
