import { act, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGO_TEXT } from '../components/Logo.tsx';
import { renderWithProviders } from '../test/render.tsx';
import SplashPage, { FINAL_PAUSE_MS, LETTER_MS } from './SplashPage.tsx';

afterEach(() => vi.useRealTimers());

const visibleLetters = () =>
  [...document.querySelectorAll('h1 span')].filter((s) => (s as HTMLElement).style.opacity === '1').length;

describe('SplashPage', () => {
  it('shows one more letter every 300 ms, pauses 1 s, then goes to /app/home', async () => {
    vi.useFakeTimers();
    const router = createMemoryRouter(
      [
        { path: '/', element: <SplashPage /> },
        { path: '/app/home', element: <p>home page</p> },
      ],
      { initialEntries: ['/'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    expect(visibleLetters()).toBe(0);
    for (let n = 1; n <= LOGO_TEXT.length; n++) {
      await act(async () => vi.advanceTimersByTime(LETTER_MS));
      expect(visibleLetters()).toBe(n);
    }
    await act(async () => vi.advanceTimersByTime(FINAL_PAUSE_MS - 1));
    expect(router.state.location.pathname).toBe('/');
    await act(async () => vi.advanceTimersByTime(1));
    expect(router.state.location.pathname).toBe('/app/home');
    expect(screen.getByText('home page')).toBeTruthy();
  });
});
