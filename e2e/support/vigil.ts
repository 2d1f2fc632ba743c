import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page, type Request } from '@playwright/test';
import type { SessionUser } from '@vigil/core';
import { postLoginDestination } from '../../apps/web/src/features/auth/post-login-destination';
import { sessionKeys } from '../../apps/web/src/lib/session/session-storage';

/** The e2e server's address (E2E_PORT, default 3100, as playwright.config.ts and serve.mjs read it). */
export const serverUrl = `http://localhost:${process.env.E2E_PORT ?? 3100}`;

export const demoPassword = 'Demo!Pass1';

export const demo = {
  admin: 'admin@circle.demo',
  navigator: 'navigator@circle.demo',
  sunrisePhysician: 'physician@sunrise.demo',
  staff: 'staff@sunrise.demo',
  twoFactor: 'twofactor@sunrise.demo',
  twoFactorPhone: '+15035550142',
  harborPhysician: 'physician@harbor.demo',
} as const;

const screensDir = path.join(import.meta.dirname, '..', '.artifacts', 'screens');

/**
 * A named screenshot of the current screen, for review in e2e/.artifacts/screens: the full page, with
 * `viewport` only what is on screen (for dialogs, whose backdrop covers the viewport only), or with `of`
 * one part of the page.
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { viewport?: boolean; of?: Locator } = {},
): Promise<void> {
  mkdirSync(screensDir, { recursive: true });
  // Menus and dialogs fade in: let the transitions end so the picture shows the settled screen.
  await page.waitForTimeout(400);
  if (options.of) {
    await options.of.screenshot({ path: path.join(screensDir, `${name}.png`), animations: 'disabled' });
    return;
  }
  // A full-page picture of a scrolled page draws the sticky top bar mid-page: start from the top.
  if (!options.viewport) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: path.join(screensDir, `${name}.png`),
    fullPage: !options.viewport,
    animations: 'disabled',
  });
}

/** Fills the login form's first step and submits it. */
export async function submitCredentials(page: Page, email: string, password = demoPassword): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * Signs in as the login form does, without typing into it (the form itself is sign-in.spec's): the session
 * the API answers goes into the tab's session storage before the app starts, once, and the app opens where
 * the form would have landed. A sign-out later in the test stays signed out.
 */
export async function signIn(page: Page, email: string, password = demoPassword): Promise<void> {
  const answer = await page.request.post('/api/auth', { data: { email, password } });
  expect(answer.status()).toBe(200);
  const { token, user } = (await answer.json()) as { token: string; user: SessionUser };
  await page.addInitScript(
    ({ keys, token, user, once }) => {
      if (localStorage.getItem(once)) return;
      localStorage.setItem(once, 'used');
      sessionStorage.setItem(keys.token, token);
      sessionStorage.setItem(keys.user, JSON.stringify(user));
    },
    { keys: sessionKeys, token, user, once: `e2e.signIn.${token}` },
  );
  await page.goto(postLoginDestination(user, null));
  await expect(page).not.toHaveURL(/\/signin/i);
}

export interface OutboxMessage {
  id: string;
  channel: 'sms' | 'email';
  to: string;
  subject: string | null;
  body: string;
  status: string;
  attachments: { fileName: string; contentType: string; size: number }[];
  createdAt: string;
}

/** The newest outbox message to an address created at or after `since`, waiting for it to arrive. */
export async function latestOutboxMessage(
  request: APIRequestContext,
  to: string,
  since: Date,
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        expect(response.ok()).toBe(true);
        const { data } = (await response.json()) as { data: OutboxMessage[] };
        found = data.find((m) => new Date(m.createdAt).getTime() >= since.getTime() - 1_000);
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The bearer token the web app keeps in sessionStorage. */
export async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => sessionStorage.getItem('vigil.session.token'));
  expect(token).toBeTruthy();
  return token!;
}

/** Changes a password through the API, e.g. to put a demo account back as the other tests expect it. */
export async function changePasswordByApi(
  request: APIRequestContext,
  token: string,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  const response = await request.post('/api/auth/change-password', {
    headers: { Authorization: `Bearer ${token}` },
    data: { currentPassword, newPassword },
  });
  expect(response.status()).toBe(200);
}

/** Signs in through the API and returns a session token (for clean-up steps). */
export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/auth', { data: { email, password } });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { token: string };
  return body.token;
}

/** More demo accounts and the demo clinics' ids (apps/server seed). */
export const demoMore = {
  navigator2: 'navigator2@circle.demo',
  cardiology2: 'cardiology2@sunrise.demo',
  nurse: 'nurse@sunrise.demo',
  former: 'former@sunrise.demo',
  lakesidePhysician: 'physician@lakeside.demo',
} as const;

export const demoClinics = {
  sunrise: { id: '00000000-0000-4000-8000-000000000001', name: 'Sunrise Cardiology' },
  harbor: { id: '00000000-0000-4000-8000-000000000002', name: 'Harbor Family Medicine' },
  lakeside: { id: '00000000-0000-4000-8000-000000000003', name: 'Lakeside Internal Medicine' },
} as const;

/** A value no other test or run uses, for data a test creates (emails, slugs). */
export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1_000).toString(36)}`;
}

/** A 1x1 PNG, for avatar uploads. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The toast (notistack alert) with this text. */
export function toast(page: Page, text: string | RegExp) {
  return page.getByRole('alert').filter({ hasText: text });
}

/** Calls the API as a user, for set-up and clean-up steps. */
export async function apiAs(request: APIRequestContext, email: string, password = demoPassword) {
  const token = await apiToken(request, email, password);
  const headers = { Authorization: `Bearer ${token}` };
  return {
    get: (url: string) => request.get(url, { headers }),
    put: (url: string, data: unknown) => request.put(url, { headers, data }),
    post: (url: string, data: unknown) => request.post(url, { headers, data }),
    patch: (url: string, data: unknown) => request.patch(url, { headers, data }),
  };
}

/**
 * Holds the page's requests to `url` (those `when` picks) until the answer's `release` is called: for what a
 * screen shows while it waits for the server.
 */
export async function holdRequests(
  page: Page,
  url: string | RegExp,
  when: (request: Request) => boolean = () => true,
): Promise<{ release: () => void }> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    if (when(route.request())) await held;
    await route.continue();
  });
  return { release };
}

/** Counts the page's requests of a method to URLs that `url` matches, from now on (a double submit is two). */
export function countRequests(page: Page, method: string, url: RegExp): { count: () => number } {
  let n = 0;
  page.on('request', (r) => {
    if (r.method() === method && url.test(r.url())) n += 1;
  });
  return { count: () => n };
}
