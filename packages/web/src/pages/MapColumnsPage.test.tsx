import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import * as api from '../bank/api.ts';
import { renderWithProviders } from '../test/render.tsx';
import MapColumnsPage, { passwordAsk } from './MapColumnsPage.tsx';

// A protected workbook on the Mark the columns screen (decision 057): the preview asks for the
// file's password, and the preview and the read are sent with it.

vi.mock('../bank/store.ts', () => ({
  loadTeachSession: () => ({ bank: 'auto', fileName: 'locked.xlsx', reason: 'No table.' }),
  keptFile: async () => new File(['x'], 'locked.xlsx'),
}));
vi.mock('../bank/api.ts', async (actual) => ({
  ...(await actual<typeof import('../bank/api.ts')>()),
  sheetPreview: vi.fn(),
  extractStatement: vi.fn(),
  saveMapping: vi.fn(),
}));

// the office's clients, offered for keeping the columns (none here: a single user)
vi.mock('../office/api.ts', () => ({ listClients: vi.fn(async () => []) }));

afterEach(() => vi.clearAllMocks());

const refused = (code: string) => new ApiError(400, 'The file is protected.', { detail: 'x', code });

describe('Mark the columns, a protected file', () => {
  it('knows the password codes', () => {
    expect(passwordAsk(refused('PASSWORD_REQUIRED'))).toBe('required');
    expect(passwordAsk(refused('WRONG_PASSWORD'))).toBe('wrong');
    expect(passwordAsk(refused('NO_TABLE'))).toBeNull();
    expect(passwordAsk(new Error('x'))).toBeNull();
  });

  it('asks for the password, says a wrong one, and previews with the right one', async () => {
    vi.mocked(api.sheetPreview)
      .mockRejectedValueOnce(refused('PASSWORD_REQUIRED'))
      .mockRejectedValueOnce(refused('WRONG_PASSWORD'))
      .mockResolvedValueOnce({
        sheets: [{ name: 'Sheet1', rows: [['Date', 'Narration', 'Balance']] }],
      } as never);
    renderWithProviders(
      <MemoryRouter>
        <MapColumnsPage />
      </MemoryRouter>,
    );
    const input = await screen.findByLabelText('The file’s password');
    await userEvent.type(input, 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Open the file' }));
    expect(await screen.findByText('That password did not open the file.')).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Open the file' }));
    await waitFor(() => expect(screen.queryByLabelText('The file’s password')).toBeNull());
    expect(vi.mocked(api.sheetPreview).mock.calls.map((c) => c[2])).toEqual([undefined, 'nope', 'secret']);
  });
});
