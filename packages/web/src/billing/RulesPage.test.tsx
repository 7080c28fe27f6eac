import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import RulesPage from '../pages/RulesPage.tsx';
import { makeToken, renderWithProviders } from '../test/render.tsx';

type Saved = { rule_set_name: string; rules: unknown };

const said = vi.hoisted(() => ({ tell: vi.fn(), tellDone: vi.fn() }));
vi.mock('../components/toasts.tsx', async (original) => ({ ...(await original<object>()), ...said }));
/** The titles of what the screen said in the page (issue 34: never window.alert). */
const saidTexts = () => [...said.tell.mock.calls, ...said.tellDone.mock.calls].map((c) => c[0]);

/** Fills the rule form (type; min, max, chunk min, chunk max) and presses Add Rule. */
async function addRule(
  user: ReturnType<typeof userEvent.setup>,
  type: string,
  [min, max, chunkMin, chunkMax]: string[],
) {
  await user.selectOptions(screen.getByLabelText('Type'), type);
  await user.type(screen.getByLabelText('Min'), min);
  await user.type(screen.getByLabelText('Max'), max);
  await user.type(screen.getByLabelText('Chunk Min'), chunkMin);
  await user.type(screen.getByLabelText('Chunk Max'), chunkMax);
  await user.click(screen.getByRole('button', { name: 'Add Rule' }));
}

describe('Chunking Rules Manager', () => {
  let saved: Saved[];
  let failSave: boolean;
  beforeEach(() => {
    saved = [];
    failSave = false;
    localStorage.setItem('access_token', makeToken({ name: 'A', exp: Math.floor(Date.now() / 1000) + 3600 }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.endsWith('/auth/sign/token'))
          return Response.json({
            access_token: makeToken({ name: 'Asha', exp: Math.floor(Date.now() / 1000) + 3600 }),
            token_type: 'bearer',
          });
        if (url.endsWith('/rule-sets')) return Response.json({ rule_sets: ['default', 'kirana'] });
        if (url.includes('/get/kirana'))
          return Response.json({ rules: { RATE: [{ min: 0, max: 100, chunk_min: 1, chunk_max: 10 }] } });
        if (url.includes('/get/')) return Response.json({ rules: {} });
        if (url.endsWith('/save')) {
          if (failSave) return Response.json({ detail: 'Min must not be more than Max.' }, { status: 422 });
          saved.push(JSON.parse(String(init?.body)) as Saved);
          return Response.json({ detail: 'Rules saved!' });
        }
        return new Response('not found', { status: 404 });
      }),
    );
    said.tell.mockReset();
    said.tellDone.mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const page = () =>
    renderWithProviders(
      <MemoryRouter>
        <RulesPage />
      </MemoryRouter>,
    );

  test('signed out: the whole screen; Save asks to sign in in place, then saves what was built', async () => {
    localStorage.clear();
    const user = userEvent.setup();
    page();
    expect(screen.getByText(/asked to sign in when you save/)).toBeTruthy();
    await user.type(screen.getByLabelText('New Rule Set Name'), 'visitor');
    await user.click(screen.getByRole('button', { name: 'Add Set' }));
    await addRule(user, 'QUANTITY', ['1', '9', '1', '3']);
    await user.click(screen.getByRole('button', { name: 'Save All Rules' }));
    expect(saved).toEqual([]);
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to continue' });
    await user.type(within(dialog).getByLabelText(/Email/), 'asha@example.test');
    await user.type(within(dialog).getByLabelText(/Password/), 'teal-lantern-3');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(saidTexts()).toContain('Rules saved!'));
    expect(saved).toEqual([
      { rule_set_name: 'visitor', rules: { QUANTITY: [{ min: 1, max: 9, chunk_min: 1, chunk_max: 3 }] } },
    ]);
  }, 30_000);

  test('said in the page: no set selected, no name', async () => {
    const user = userEvent.setup();
    page();
    await user.click(screen.getByRole('button', { name: 'Save All Rules' }));
    expect(saidTexts()).toContain('Select a Rule Set');
    await user.click(screen.getByRole('button', { name: 'Add Set' }));
    expect(saidTexts()).toContain('Enter a rule set name');
  });

  test('add a set, add/edit/update/delete rules, save converts numbers and clears the rules', async () => {
    const user = userEvent.setup();
    page();
    await user.type(screen.getByLabelText('New Rule Set Name'), 'wholesale');
    await user.click(screen.getByRole('button', { name: 'Add Set' }));
    expect(screen.getByRole('button', { name: 'Add Rule' })).toHaveProperty('disabled', true);

    await addRule(user, 'RATE', ['0.5', '100', '1', '10']);
    const table = await screen.findByRole('table', { name: 'RATE rules' });
    expect(table.textContent).toContain('0.5');

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('button', { name: 'Update Rule' })).toBeTruthy();
    await user.clear(screen.getByLabelText('Max'));
    await user.type(screen.getByLabelText('Max'), '250');
    await user.click(screen.getByRole('button', { name: 'Update Rule' }));
    expect(screen.getByRole('button', { name: 'Add Rule' })).toBeTruthy();
    expect((screen.getByLabelText('Max') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('table', { name: 'RATE rules' }).textContent).toContain('250');

    await user.click(screen.getByRole('button', { name: 'Save All Rules' }));
    await waitFor(() => expect(saidTexts()).toContain('Rules saved!'));
    expect(saved).toEqual([
      { rule_set_name: 'wholesale', rules: { RATE: [{ min: 0.5, max: 250, chunk_min: 1, chunk_max: 10 }] } },
    ]);
    expect(screen.queryByRole('table', { name: 'RATE rules' })).toBeNull();
  });

  test('selecting a set loads its rules; delete the last rule removes its type; a failed save says so', async () => {
    const user = userEvent.setup();
    page();
    await screen.findByRole('option', { name: 'kirana' });
    await user.selectOptions(screen.getByLabelText('Rule Set'), 'kirana');
    await screen.findByRole('table', { name: 'RATE rules' });
    failSave = true;
    await user.click(screen.getByRole('button', { name: 'Save All Rules' }));
    await waitFor(() => expect(saidTexts()).toContain('Failed to save rules.'));
    expect(screen.getByRole('alert').textContent).toContain('Min must not be more than Max.');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('table', { name: 'RATE rules' })).toBeNull();
  });
});
