import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLANS, planPrice, planPricePaise, savePercent } from '@bahi/core';
import PayPage from '../pages/PayPage.tsx';
import { storeToken } from '../auth/token.ts';
import { makeToken, renderWithProviders } from '../test/render.tsx';
import { orderPayload, USER_ORDER } from './order.ts';

const plansAnswer = {
  mode: 'test',
  plans: PLANS.map((p) => ({
    ...p,
    price: planPrice(p),
    price_paise: planPricePaise(p),
    save_percent: savePercent(p),
  })),
};

function mockServer(team?: unknown) {
  const calls: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.endsWith('/payment/plans')) return Response.json(plansAnswer);
      if (url.endsWith('/office/team') && team) return Response.json(team);
      if (url.endsWith('/payment/create_order')) {
        const body = JSON.parse(String(init?.body));
        return Response.json({
          id: 'order_test_ABCDEFGHIJKLMN',
          amount: body.amount,
          currency: 'INR',
          mode: 'test',
          key_id: null,
          plan_name: 'Basic Plan',
          pages: body.pages,
        });
      }
      return Response.json({ detail: 'not found' }, { status: 404 });
    }),
  );
  return calls;
}

function renderPay() {
  const router = createMemoryRouter(
    [
      { path: '/app/pay', element: <PayPage /> },
      { path: '/app/pay/test-checkout', element: <p>test checkout</p> },
    ],
    { initialEntries: ['/app/pay'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe('PayPage', () => {
  it('shows the server plans, Pages Left from the token, the first card selected', async () => {
    mockServer();
    storeToken(makeToken({ name: 'A', exp: Math.floor(Date.now() / 1000) + 3600, page_left: 1234 }));
    renderPay();
    expect(screen.getByRole('heading', { name: 'Choose Your Plan' })).toBeTruthy();
    expect(screen.getByText('Pages Left: 1,234')).toBeTruthy();
    const cards = await screen.findAllByRole('radio');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(PLANS.map((p) => p.name));
    expect(cards.map((c) => c.getAttribute('aria-checked'))).toEqual(['true', 'false', 'false', 'false']);
    expect(within(cards[0]).getByText('Selected')).toBeTruthy();
    expect(within(cards[0]).queryByText(/Save/)).toBeNull();
    const basic = within(cards[1]);
    expect(basic.getByText('2,500 pages')).toBeTruthy();
    expect(basic.getByTestId('base-price').textContent).toBe('₹1,400');
    expect(basic.getByTestId('price').textContent).toBe('₹1,190');
    expect(basic.getByText('Save 15%!')).toBeTruthy();
    expect(within(cards[2]).getByTestId('price').textContent).toBe('₹3,103');
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeTruthy();
  });

  it('Place Order sends the selected price × 100, the pages and user_order, then opens the test checkout', async () => {
    const calls = mockServer();
    storeToken(makeToken({ name: 'A', exp: Math.floor(Date.now() / 1000) + 3600, page_left: 10 }));
    const router = renderPay();
    const cards = await screen.findAllByRole('radio');
    fireEvent.click(cards[1]);
    expect(cards[1].getAttribute('aria-checked')).toBe('true');
    expect(within(cards[1]).getByText('Selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/pay/test-checkout'));
    expect(router.state.location.search).toBe('?order_id=order_test_ABCDEFGHIJKLMN');
    const order = calls.find((c) => c.url.endsWith('/payment/create_order'));
    expect(order?.body).toEqual({ amount: 119000, pages: 2500, user_order: USER_ORDER });
  });
});

describe('PayPage for a member of an office', () => {
  it('says the owner buys the pages and offers no order', async () => {
    const calls = mockServer({
      office_name: 'Sharma & Co',
      role: 'accountant',
      approval_required: false,
      members: [],
      invitations: [],
      received: [],
    });
    storeToken(makeToken({ name: 'A', exp: Math.floor(Date.now() / 1000) + 3600, page_left: 10 }));
    renderPay();
    expect(await screen.findByText('Pages are bought by the office’s owner')).toBeTruthy();
    expect(screen.getByText(/You work in Sharma & Co as accountant/)).toBeTruthy();
    await screen.findAllByRole('radio');
    const place = screen.getByRole('button', { name: 'Place Order' }) as HTMLButtonElement;
    expect(place.disabled).toBe(true);
    fireEvent.click(place);
    expect(calls.some((c) => c.url.endsWith('/payment/create_order'))).toBe(false);
  });
});

describe('orderPayload', () => {
  it('rounds price × 100 to whole paise', () => {
    expect(orderPayload({ price: 1190, pages: 2500 }).amount).toBe(119000);
    expect(orderPayload({ price: 1, pages: 1 })).toEqual({ amount: 100, pages: 1, user_order: USER_ORDER });
  });
});
