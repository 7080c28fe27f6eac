import { ENDPOINTS } from '@bahi/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeToken } from '../auth/token.ts';
import { ApiError, call, callForFile, fileNameOf } from './client.ts';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const headersOf = (i = 0) => new Headers(fetchMock.mock.calls[i][1]?.headers);
const urlOf = (i = 0) => String(fetchMock.mock.calls[i][0]);

describe('call', () => {
  it('sends the bearer token when there is one, to the entry path under /api', async () => {
    storeToken('a.b.c');
    fetchMock.mockResolvedValue(new Response('{"name":"A"}', { status: 200 }));
    await expect(call(ENDPOINTS.profile, { unchecked: true })).resolves.toEqual({ name: 'A' });
    expect(urlOf()).toBe('/api/auth/userprofile/get');
    expect(fetchMock.mock.calls[0][1]?.method).toBe('GET');
    expect(headersOf().get('Authorization')).toBe('Bearer a.b.c');
  });

  it('sends no Authorization header without a token', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    await call(ENDPOINTS.health, { unchecked: true });
    expect(headersOf().has('Authorization')).toBe(false);
  });

  it("checks the answer with the entry's schema", async () => {
    fetchMock.mockResolvedValue(new Response('{"ok":true,"db":"mysql","version":"1"}', { status: 200 }));
    await expect(call(ENDPOINTS.health)).rejects.toThrow();
  });

  it('fills path parameters, each encoded, and the query', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    await call(ENDPOINTS.rules, {
      params: { name: 'a/b c' },
      query: { x: 1, y: undefined },
      unchecked: true,
    });
    expect(urlOf()).toBe('/api/rules/chunking-rules/get/a%2Fb%20c?x=1');
  });

  it('encodes form bodies as application/x-www-form-urlencoded', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    await call(ENDPOINTS.signIn, { form: { username: 'a@b.test', password: 'p&q' } });
    const init = fetchMock.mock.calls[0][1]!;
    expect(init.method).toBe('POST');
    expect(String(init.body)).toBe('username=a%40b.test&password=p%26q');
  });

  it("sends JSON with its content type and the entry's method", async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    await call(ENDPOINTS.renameLayout, { params: { id: 'l1' }, json: { name: 'Mine' }, unchecked: true });
    expect(fetchMock.mock.calls[0][1]!.method).toBe('PATCH');
    expect(headersOf().get('Content-Type')).toBe('application/json');
    expect(fetchMock.mock.calls[0][1]!.body).toBe('{"name":"Mine"}');
  });

  it('turns a {detail} answer into an ApiError with status, detail, code and next step', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        '{"detail":"User with this phone number already exists","code":"conflict","next":"Sign in instead."}',
        { status: 409 },
      ),
    );
    const err = await call(ENDPOINTS.signUp, {
      json: { name: 'A', email: 'a@b.test', phone: '9876543210', password: 'secret123' },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 409,
      detail: 'User with this phone number already exists',
      code: 'conflict',
      next: 'Sign in instead.',
    });
  });

  it('a failure without JSON has the status text as detail and a null body', async () => {
    fetchMock.mockResolvedValue(new Response('<html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(call(ENDPOINTS.health)).rejects.toMatchObject({
      status: 502,
      detail: 'Bad Gateway',
      body: null,
    });
  });

  it('reports a network failure as ApiError status 0 with a next step', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(call(ENDPOINTS.health)).rejects.toMatchObject({
      status: 0,
      next: 'Check your connection, then try again.',
    });
  });
});

describe('callForFile', () => {
  it('downloads a blob with the file name of Content-Disposition', async () => {
    fetchMock.mockResolvedValue(
      new Response('<x/>', {
        status: 200,
        headers: { 'Content-Disposition': 'attachment; filename="tally_export_Cash.xml"' },
      }),
    );
    const { blob, filename } = await callForFile(ENDPOINTS.tallyExport, { params: { id: 'e1' } });
    expect(urlOf()).toBe('/api/tally/exports/e1');
    expect(filename).toBe('tally_export_Cash.xml');
    expect(await blob.text()).toBe('<x/>');
  });

  it('keeps the whole parsed answer of a failure, e.g. per-row problems', async () => {
    const answer = { detail: 'Nothing was exported', problems: [{ row: 2, problems: ['Date is missing.'] }] };
    fetchMock.mockResolvedValue(new Response(JSON.stringify(answer), { status: 422 }));
    const err = await callForFile(ENDPOINTS.vouchersXml, { json: { rows: [] } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 422, detail: 'Nothing was exported', body: answer });
  });
});

describe('fileNameOf', () => {
  it('reads plain and RFC 5987 file names', () => {
    expect(fileNameOf('attachment; filename=a.xml')).toBe('a.xml');
    expect(fileNameOf("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.json")).toBe('résumé.json');
    expect(fileNameOf(null)).toBeUndefined();
  });
});
