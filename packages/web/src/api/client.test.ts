import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeToken } from '../auth/token.ts';
import { api, ApiError, apiBlob, fileNameOf } from './client.ts';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const headersOf = (i = 0) => new Headers(fetchMock.mock.calls[i][1]?.headers);

describe('api', () => {
  it('sends the bearer token when there is one, under /api', async () => {
    storeToken('a.b.c');
    fetchMock.mockResolvedValue(new Response('{"name":"A"}', { status: 200 }));
    await expect(api('/auth/userprofile/get')).resolves.toEqual({ name: 'A' });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/auth/userprofile/get');
    expect(headersOf().get('Authorization')).toBe('Bearer a.b.c');
  });

  it('sends no Authorization header without a token', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    await api('/health');
    expect(headersOf().has('Authorization')).toBe(false);
  });

  it('encodes form bodies as application/x-www-form-urlencoded', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    await api('/auth/sign/token', { body: { form: { username: 'a@b.test', password: 'p&q' } } });
    const init = fetchMock.mock.calls[0][1]!;
    expect(init.method).toBe('POST');
    expect(String(init.body)).toBe('username=a%40b.test&password=p%26q');
  });

  it('sends JSON with its content type', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    await api('/x', { method: 'PUT', body: { json: { a: 1 } } });
    expect(headersOf().get('Content-Type')).toBe('application/json');
    expect(fetchMock.mock.calls[0][1]!.body).toBe('{"a":1}');
  });

  it('turns a {detail} answer into an ApiError with status and detail', async () => {
    fetchMock.mockResolvedValue(
      new Response('{"detail":"User with this phone number already exists"}', { status: 409 }),
    );
    const err = await api('/auth/signUp', { body: { json: {} } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, detail: 'User with this phone number already exists' });
  });

  it('keeps the whole parsed answer of a failure, e.g. per-row problems', async () => {
    const answer = { detail: 'Nothing was exported', problems: [{ row: 2, problems: ['Date is missing.'] }] };
    fetchMock.mockResolvedValue(new Response(JSON.stringify(answer), { status: 422 }));
    const err = await apiBlob('/voucher-importer/generate-xml', { body: { json: {} } }).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ status: 422, detail: 'Nothing was exported', body: answer });
  });

  it('a failure without JSON has the status text as detail and a null body', async () => {
    fetchMock.mockResolvedValue(new Response('<html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api('/x')).rejects.toMatchObject({ status: 502, detail: 'Bad Gateway', body: null });
  });

  it('reports a network failure as ApiError status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api('/x')).rejects.toMatchObject({ status: 0 });
  });

  it('downloads a blob with the file name of Content-Disposition', async () => {
    fetchMock.mockResolvedValue(
      new Response('<x/>', {
        status: 200,
        headers: { 'Content-Disposition': 'attachment; filename="tally_export_Cash.xml"' },
      }),
    );
    const { blob, filename } = await apiBlob('/tally/generate-xml');
    expect(filename).toBe('tally_export_Cash.xml');
    expect(await blob.text()).toBe('<x/>');
  });
});

describe('fileNameOf', () => {
  it('reads plain and RFC 5987 file names', () => {
    expect(fileNameOf('attachment; filename=a.xml')).toBe('a.xml');
    expect(fileNameOf("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.json")).toBe('résumé.json');
    expect(fileNameOf(null)).toBeUndefined();
  });
});
