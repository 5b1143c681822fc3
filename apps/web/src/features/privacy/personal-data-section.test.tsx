/**
 * The traveller's personal-data section (issue 33 points 6 and 7): an admin downloads and erases
 * (not under a legal hold, which the section says); the post's supervisor only holds or releases;
 * an officer sees nothing of it. Every action asks the reason first and sends it.
 */
import { localTravelerSchema } from '@bh/shared';
import { validTraveler } from '@bh/shared/testing';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../lib/session.ts';
import { clearWorkScope, setWorkScope } from '../../lib/work-scope.ts';
import { setUpComponentTests } from '../../test/component-setup.ts';
import { PersonalDataSection } from './personal-data-section.tsx';

const USER = { id: '9c8b7a6f-5e4d-4c3b-8a29-180f7e6d5c4b', name: 'Lan', email: 'lan@test.vn', avatar: null };
const traveler = localTravelerSchema.parse({ ...validTraveler, syncStatus: 'synced', lastModified: 1 });
const FREE = {
  travelerId: traveler.id,
  legalHold: null,
  anonymisedAt: null,
  retainedUntil: '2031-11-28T00:00:00.000Z',
};
const HELD = {
  ...FREE,
  legalHold: { reason: 'Court order 12/2026', at: '2026-11-28T00:00:00.000Z', by: 'Admin' },
  retainedUntil: null,
};

function stubServer(state: unknown) {
  const fetch = vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(state), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

setUpComponentTests(() => []);
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
  clearWorkScope();
});

const scope = (role: 'officer' | 'supervisor') =>
  setWorkScope({ role, postId: traveler.id, posts: [], readPosts: [], key: 'post:x' });

describe('PersonalDataSection', () => {
  it('an admin sees when it is due, downloads, and erases with a reason', async () => {
    setSession({ user: { ...USER, role: 'admin' }, token: 't' });
    const fetch = stubServer(FREE);
    render(<PersonalDataSection traveler={traveler} />);
    expect((await screen.findByTestId('personal-data-retained')).textContent).toContain('Kept until');
    expect(screen.getByTestId('personal-data-export-json')).toBeTruthy();
    fireEvent.click(screen.getByTestId('personal-data-erase'));
    expect(screen.getByTestId<HTMLButtonElement>('personal-data-confirm').disabled).toBe(true);
    fireEvent.change(screen.getByTestId('personal-data-reason'), {
      target: { value: 'Asked by the traveller' },
    });
    await act(async () => fireEvent.click(screen.getByTestId('personal-data-confirm')));
    const erase = fetch.mock.calls.find(([url]) => String(url).endsWith('/erase'));
    expect(erase?.[1]).toMatchObject({
      method: 'POST',
      body: JSON.stringify({ reason: 'Asked by the traveller' }),
    });
  });

  it('under a legal hold the admin cannot erase, and is told why', async () => {
    setSession({ user: { ...USER, role: 'admin' }, token: 't' });
    stubServer(HELD);
    render(<PersonalDataSection traveler={traveler} />);
    expect((await screen.findByTestId('personal-data-held')).textContent).toContain('Court order 12/2026');
    expect(screen.getByTestId<HTMLButtonElement>('personal-data-erase').disabled).toBe(true);
    expect(screen.getByText('Under a legal hold: release it before erasing.')).toBeTruthy();
    expect(screen.getByTestId('personal-data-hold').textContent).toBe('Release the legal hold');
  });

  it("the post's supervisor holds or releases only; an officer sees nothing", async () => {
    setSession({ user: { ...USER, role: 'officer' }, token: 't' });
    scope('supervisor');
    stubServer(FREE);
    const { unmount } = render(<PersonalDataSection traveler={traveler} />);
    expect((await screen.findByTestId('personal-data-hold')).textContent).toBe('Place a legal hold');
    expect(screen.queryByTestId('personal-data-export-json')).toBeNull();
    expect(screen.queryByTestId('personal-data-erase')).toBeNull();
    unmount();
    scope('officer');
    render(<PersonalDataSection traveler={traveler} />);
    expect(screen.queryByTestId('personal-data-section')).toBeNull();
  });
});
