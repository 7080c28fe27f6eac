import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { codeSentTo } from './mail.ts';

const SCREENS = path.join(import.meta.dirname, '..', '..', 'test-results', 'screens');

/** Saves a full-page screenshot of the current screen as test-results/screens/<name>.png. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: true });
}

let counter = 0;
/** A fresh user for one test: unique e-mail and phone within this run. */
export function newUser(prefix = 'user') {
  counter += 1;
  const stamp = `${Date.now() % 1_000_000}${counter}`;
  return {
    name: `${prefix[0].toUpperCase()}${prefix.slice(1)} Tester ${counter}`,
    email: `${prefix}-${stamp}@example.test`,
    phone: `9${stamp.padStart(9, '0').slice(-9)}`,
    password: 'correct horse 42',
  };
}

export type User = ReturnType<typeof newUser>;

/** Creates and verifies an account through the API (code read from the SMTP mail). */
export async function createVerifiedUser(request: APIRequestContext, user: User): Promise<void> {
  const signUp = await request.post('/api/auth/signUp', {
    data: { name: user.name, email: user.email, phone: user.phone, password: user.password },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const otp = await codeSentTo(user.email);
  const verify = await request.post('/api/verification/verfiy-otp', { data: { email: user.email, otp } });
  expect(verify.status(), await verify.text()).toBe(200);
}

/** Fills and submits the login form (the page must be on /login). */
export async function logIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** A fresh verified user (see newUser), signed in through the login form and landed on /app/home. */
export async function signUpAndLogIn(page: Page, request: APIRequestContext, prefix?: string): Promise<User> {
  const user = newUser(prefix);
  await createVerifiedUser(request, user);
  await page.goto('/login');
  await logIn(page, user);
  await expect(page).toHaveURL(/\/app\/home$/);
  return user;
}

/**
 * Signs in as the run's admin when it exists (and, when `minPages` is given, has that many pages
 * left), so a spec run with the whole suite makes no sign-up of its own; alone, it signs up a user.
 */
export async function signInAsAdminOrNew(
  page: Page,
  request: APIRequestContext,
  prefix: string,
  minPages?: number,
): Promise<void> {
  await page.goto('/login');
  await logIn(page, { email: 'admin@example.test', password: newUser().password });
  const home = await page
    .waitForURL(/\/app\/home$/, { timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  if (home) {
    if (minPages === undefined) return;
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const pages = await request.get('/api/auth/check/pages', {
      headers: { authorization: `Bearer ${token}` },
    });
    if (pages.ok() && ((await pages.json()) as { page_left: number }).page_left >= minPages) return;
    await page.evaluate(() => localStorage.clear());
  }
  await signUpAndLogIn(page, request, prefix);
}

/** Adds a RATE rule through the rule form of /app/rules: min, max, chunk min, chunk max. */
export async function addRateRule(page: Page, [min, max, chunkMin, chunkMax]: string[]): Promise<void> {
  await page.getByLabel('Type', { exact: true }).selectOption('RATE');
  await page.getByLabel('Min', { exact: true }).fill(min);
  await page.getByLabel('Max', { exact: true }).fill(max);
  await page.getByLabel('Chunk Min').fill(chunkMin);
  await page.getByLabel('Chunk Max').fill(chunkMax);
  await page.getByRole('button', { name: 'Add Rule' }).click();
}

/**
 * Collects what the screens say (issue 34: in the page, never window.alert): the `data-said` text of
 * each message as it appears (a toast, an inline alert), once per element and text, across navigations. A
 * native dialog is recorded as "native <kind>: <text>" (and accepted), so a test that expects the
 * words fails when they come in a browser box.
 */
export async function collectAlerts(page: Page): Promise<string[]> {
  const said: string[] = [];
  page.on('dialog', (d) => {
    said.push(`native ${d.type()}: ${d.message()}`);
    void d.accept();
  });
  const watch = () => {
    const w = window as unknown as { __saidWatched?: boolean; __bahiSaid: (text: string) => void };
    if (w.__saidWatched) return;
    w.__saidWatched = true;
    const seen = new WeakMap<Element, string>();
    const scan = () =>
      document.querySelectorAll('[data-said]').forEach((el) => {
        const text = el.getAttribute('data-said') ?? '';
        if (seen.get(el) === text) return;
        seen.set(el, text);
        w.__bahiSaid(text);
      });
    new MutationObserver(scan).observe(document, { subtree: true, childList: true, attributes: true });
    scan();
  };
  // awaited: a navigation right after must find the binding and the script in place
  await page.exposeBinding('__bahiSaid', (_source, text: string) => void said.push(text));
  await page.addInitScript(watch);
  await page.evaluate(watch).catch(() => {});
  return said;
}

/**
 * The run's admin (admin@example.test is in BAHI_ADMIN_EMAILS): created by the first spec that asks,
 * reused after. Every newUser() has the same password, so whoever created it can sign in.
 */
export async function ensureAdmin(request: APIRequestContext): Promise<User> {
  const admin = { ...newUser('admin'), email: 'admin@example.test' };
  const signUp = await request.post('/api/auth/signUp', {
    data: { name: admin.name, email: admin.email, phone: admin.phone, password: admin.password },
  });
  if (signUp.status() === 200) {
    const otp = await codeSentTo(admin.email);
    const verify = await request.post('/api/verification/verfiy-otp', { data: { email: admin.email, otp } });
    expect(verify.status(), await verify.text()).toBe(200);
  } else {
    expect(await signUp.text()).toContain('already exists');
  }
  return admin;
}

/** The page talks to this bridge, with Tally at 127.0.0.1 remembered (the screens' Tally address). */
export async function useBridge(page: Page, bridgeUrl: string): Promise<void> {
  await page.addInitScript(
    ({ url }) => {
      localStorage.setItem('bahi.bridge_url', url);
      localStorage.setItem('bahi.tally.local_ip', '127.0.0.1');
    },
    { url: bridgeUrl },
  );
}
