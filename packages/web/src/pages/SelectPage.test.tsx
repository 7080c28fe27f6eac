import { fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import SelectPage from './SelectPage.tsx';

// The selection screen: when the password check fails with the server's reason, the reason is said
// in the page (issue 34: a damaged PDF says it is damaged), never in a window.alert.

afterEach(() => vi.unstubAllGlobals());

it("a failed password check shows the server's reason in the page, no browser box", async () => {
  const alert = vi.fn();
  vi.stubGlobal('alert', alert);
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(
      async () =>
        new Response(
          JSON.stringify({ detail: 'The file is not a PDF, though its name says so.', code: 'UNSUPPORTED' }),
          { status: 422, headers: { 'Content-Type': 'application/json' } },
        ),
    ),
  );
  const router = createMemoryRouter([{ path: '/app/select', element: <SelectPage /> }], {
    initialEntries: ['/app/select'],
  });
  renderWithProviders(<RouterProvider router={router} />);

  fireEvent.change(screen.getByLabelText('Bank'), { target: { value: 'HDFC' } });
  const input = document.getElementById('statement-file') as HTMLInputElement;
  fireEvent.change(input, {
    target: { files: [new File(['%PDF-1.4'], 'march.pdf', { type: 'application/pdf' })] },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

  expect(await screen.findByText('The file is not a PDF, though its name says so.')).toBeTruthy();
  expect(screen.queryByText('Failed to check password requirement.')).toBeNull();
  expect(alert).not.toHaveBeenCalled();
});
