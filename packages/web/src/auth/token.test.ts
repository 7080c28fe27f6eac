import { describe, expect, it } from 'vitest';
import { makeToken } from '../test/render.tsx';
import {
  clearToken,
  decodeClaims,
  isTokenValid,
  readToken,
  storeToken,
  TOKEN_KEY,
  validToken,
} from './token.ts';

const NOW = 1_800_000_000; // seconds

describe('decodeClaims', () => {
  it('reads the payload of a JWT, base64url and UTF-8 included', () => {
    const token = makeToken({ name: 'Asha Rāo', email: 'a@example.test', role: 'admin', exp: NOW + 60 });
    expect(decodeClaims(token)).toMatchObject({ name: 'Asha Rāo', role: 'admin', exp: NOW + 60 });
  });
  it.each(['', 'abc', 'a.b', 'a.!!!.c', `x.${btoa('not json')}.y`, `x.${btoa('[1,2]')}.y`])(
    'gives null for the undecodable %j',
    (token) => expect(decodeClaims(token)).toBeNull(),
  );
});

describe('isTokenValid', () => {
  it('compares exp in seconds with now in seconds', () => {
    expect(isTokenValid(makeToken({ exp: NOW + 1 }), NOW)).toBe(true);
    expect(isTokenValid(makeToken({ exp: NOW }), NOW)).toBe(false);
    expect(isTokenValid(makeToken({ exp: NOW - 1 }), NOW)).toBe(false);
  });
  it('does not mistake an exp in seconds for milliseconds', () => {
    // A token valid for one more hour is valid now; read as milliseconds it would have expired in 1970.
    expect(isTokenValid(makeToken({ exp: Math.floor(Date.now() / 1000) + 3600 }))).toBe(true);
    expect(isTokenValid(makeToken({ exp: Math.floor(Date.now() / 1000) - 3600 }))).toBe(false);
  });
  it('refuses a missing token, an undecodable one and one without a numeric exp', () => {
    expect(isTokenValid(null, NOW)).toBe(false);
    expect(isTokenValid(undefined, NOW)).toBe(false);
    expect(isTokenValid('', NOW)).toBe(false);
    expect(isTokenValid('garbage', NOW)).toBe(false);
    expect(isTokenValid(makeToken({ name: 'x' }), NOW)).toBe(false);
    expect(isTokenValid(makeToken({ exp: String(NOW + 60) }), NOW)).toBe(false);
  });
});

describe('validToken', () => {
  it('keeps a valid token', () => {
    const token = makeToken({ exp: NOW + 60 });
    storeToken(token);
    expect(validToken(NOW)).toBe(token);
    expect(readToken()).toBe(token);
  });
  it('removes an expired token and the cached profile', () => {
    storeToken(makeToken({ exp: NOW - 60 }));
    localStorage.setItem('personal_info', '{"name":"x"}');
    expect(validToken(NOW)).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem('personal_info')).toBeNull();
  });
  it('removes an undecodable token', () => {
    localStorage.setItem(TOKEN_KEY, 'not-a-jwt');
    expect(validToken(NOW)).toBeNull();
    expect(readToken()).toBeNull();
  });
  it('gives null without a token', () => {
    clearToken();
    expect(validToken(NOW)).toBeNull();
  });
});

describe('clearToken on logout', () => {
  it('removes every voucher draft kept in this browser; an expired token keeps them', () => {
    localStorage.setItem('bahi.voucherDraft.user-1', '{"version":1,"rows":[]}');
    localStorage.setItem('bahi.voucherDraft.user-2', '{"version":1,"rows":[]}');
    localStorage.setItem('other', 'kept');
    clearToken('invalid');
    expect(localStorage.getItem('bahi.voucherDraft.user-1')).not.toBeNull();
    clearToken('logout');
    expect(localStorage.getItem('bahi.voucherDraft.user-1')).toBeNull();
    expect(localStorage.getItem('bahi.voucherDraft.user-2')).toBeNull();
    expect(localStorage.getItem('other')).toBe('kept');
  });
});
