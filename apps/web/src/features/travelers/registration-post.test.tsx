import { SYSTEM_STATUS_ID, validateTravelerForm, type WorkScope } from '@bh/shared';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/database.ts';
import { setChosenPost, setPosts, setWorkScope } from '../../lib/work-scope.ts';
import { setUpComponentTests, stubOfflineFetch } from '../../test/component-setup.ts';
import { HAN, HUN, OLD, officerAt, POSTS, SGN } from '../../test/posts-fixture.ts';
import { withPostRequired } from './registration-post.ts';
import { TravelerFormModal } from './traveler-form-modal.tsx';

setUpComponentTests(() => [db.travelers, db.syncQueue, db.systemStatus]);

/** An admin: reads every post; the session's post is the first open one unless they switched. */
const admin = (postId: string): WorkScope => ({
  role: 'admin',
  postId,
  posts: [HAN.id, SGN.id, HUN.id],
  readPosts: null,
  key: 'all',
});

beforeEach(async () => {
  stubOfflineFetch();
  setPosts(POSTS);
  setChosenPost(null);
  await db.systemStatus.put({
    id: SYSTEM_STATUS_ID,
    mode: 'normal',
    version: 0,
    syncStatus: 'synced',
    lastModified: Date.now(),
  });
});

const openNew = () =>
  render(
    <MemoryRouter>
      <TravelerFormModal open traveler={null} onClose={() => {}} />
    </MemoryRouter>,
  );
const postField = () => screen.queryByLabelText<HTMLSelectElement>(/Post of arrival/);
const fill = (name: string, value: string) => {
  const control = document.querySelector(`[name="${name}"]`);
  if (!control) throw new Error(`no field ${name}`);
  fireEvent.change(control, { target: { value } });
};

describe('registering a traveller as an admin (national): the form asks for the post', () => {
  it('offers the open posts, chooses none by itself, and refuses to save without one', async () => {
    // The server put the admin's session at the first open post: that is no choice of theirs.
    setWorkScope(admin(HAN.id));
    openNew();
    const select = postField();
    if (!select) throw new Error('no post field');
    expect(select.value).toBe('');
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Choose a post',
      'HAN · Noi Bai',
      'SGN · Tan Son Nhat',
      'HUN · Huu Nghi',
    ]);
    expect(select.options).not.toContain(OLD.code);
    fill('fullName', 'Sato Hanako');
    fill('passportNo', 'TK1234567');
    fill('gender', 'female');
    await act(async () => fireEvent.click(screen.getByTestId('traveler-save')));
    await waitFor(() => expect(select.getAttribute('aria-invalid')).toBe('true'));
    expect(select.closest('.fieldset')?.textContent).toContain('required');
    expect(await db.travelers.count()).toBe(0);
  });

  it('passes the post chosen to the save (the saved traveller belongs to it)', () => {
    const values = {
      fullName: 'Sato Hanako',
      passportNo: 'TK1234567',
      nationality: 'JP',
      entryDate: '2026-11-20',
      gender: 'female',
      entryPostId: SGN.id,
    };
    const checked = withPostRequired(validateTravelerForm(values, 'normal'), values, true);
    expect(checked.ok && checked.value.entryPostId).toBe(SGN.id);
    const without = { ...values, entryPostId: '' };
    expect(withPostRequired(validateTravelerForm(without, 'normal'), without, true)).toMatchObject({
      ok: false,
      errors: { entryPostId: 'validation.required' },
    });
    // Not asked (an officer): the form's checks alone.
    expect(withPostRequired(validateTravelerForm(without, 'normal'), without, false).ok).toBe(true);
  });

  it('fills in the post the admin switched to in the top bar', () => {
    setWorkScope(admin(HUN.id));
    setChosenPost(HUN.id);
    openNew();
    expect(postField()?.value).toBe(HUN.id);
  });

  it('does not ask an officer, whose travellers belong to the post they work at', () => {
    setWorkScope(officerAt(HAN.id, [HAN.id, SGN.id]));
    openNew();
    expect(postField()).toBeNull();
    expect(screen.getByTestId('traveler-form')).toBeTruthy();
  });
});
