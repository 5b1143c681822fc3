/** Shared by the lifecycle specs: API calls as the logged-in user, and a declared traveller. */
import { validDeclarationForm } from '@bh/shared/testing';
import type { Page } from '@playwright/test';

/** Calls the API with the logged-in user's token (as the app does). */
export function api<T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  return page.evaluate(
    async ({ path, init }) => {
      const res = await fetch(path, {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${localStorage.getItem('token')}`,
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
      return res.json();
    },
    { path, init },
  );
}

/** A traveller registered and declared at the desk, through the API; returns its id. */
export async function declaredTraveler(page: Page, name: string): Promise<string> {
  const id = await page.evaluate(() => crypto.randomUUID());
  await api(page, '/api/travelers', {
    method: 'POST',
    body: {
      id,
      fullName: name,
      passportNo: `B${String(Date.now()).slice(-7)}`,
      nationality: 'VN',
      entryDate: '2026-11-20',
    },
  });
  // The shared valid declaration, without the file it names (not on this server).
  const declaration = { ...validDeclarationForm, id, travelerId: id, fullName: name, testFileId: null };
  await api(page, '/api/health-declarations', {
    method: 'POST',
    body: { ...declaration, email: null, bodyTemperature: 36.8, systemMode: 'pandemic' },
  });
  return id;
}
