import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import { setPosts, setWorkScope } from '../../lib/work-scope.ts';
import { setUpComponentTests } from '../../test/component-setup.ts';
import { HAN, officerAt, POSTS } from '../../test/posts-fixture.ts';
import { TravelerPost } from './traveler-post.tsx';

setUpComponentTests(() => []);

beforeEach(() => {
  setPosts(POSTS);
  setWorkScope(officerAt(HAN.id));
});

const traveler = (version: number) => ({
  id: '018f0000-0000-7000-8000-000000000001',
  fullName: 'Nguyen Van A',
  entryPostId: HAN.id,
  version,
});

describe('TravelerPost (details: the post and the transfer)', () => {
  it('a traveller not yet synced cannot be transferred: the button is disabled and says to sync first', () => {
    const view = render(<TravelerPost traveler={traveler(0)} onTransferred={vi.fn()} />);
    const button = screen.getByTestId<HTMLButtonElement>('details-transfer');
    expect(button.disabled).toBe(true);
    const note = screen.getByTestId('details-transfer-sync-first');
    expect(note.textContent).toBe(
      'Sync this traveller first: the server does not have them yet, so they cannot be transferred.',
    );
    // A screen reader hears why with the button.
    expect(button.getAttribute('aria-describedby')).toBe(note.id);
    fireEvent.click(button);
    expect(screen.queryByTestId('transfer-dialog')).toBeNull();

    // Once the sync took it to the server (version 1), the transfer opens.
    view.rerender(<TravelerPost traveler={traveler(1)} onTransferred={vi.fn()} />);
    expect(screen.getByTestId<HTMLButtonElement>('details-transfer').disabled).toBe(false);
    expect(screen.queryByTestId('details-transfer-sync-first')).toBeNull();
    fireEvent.click(screen.getByTestId('details-transfer'));
    expect(screen.getByTestId('transfer-dialog')).toBeTruthy();
  });

  it('says so in Vietnamese and Japanese', async () => {
    for (const [lang, text] of [
      ['vi', 'Hãy đồng bộ hành khách này trước'],
      ['ja', '先にこの旅行者を同期してください'],
    ] as const) {
      await initI18n().changeLanguage(lang);
      const view = render(<TravelerPost traveler={traveler(0)} onTransferred={vi.fn()} />);
      expect(screen.getByTestId('details-transfer-sync-first').textContent).toContain(text);
      view.unmount();
    }
    await initI18n().changeLanguage('en');
  });

  it('an analyst, who writes nothing, is offered no transfer', () => {
    setWorkScope({ role: 'analyst', postId: null, posts: [], readPosts: [HAN.id], key: 'province:Hà Nội' });
    render(<TravelerPost traveler={traveler(0)} onTransferred={vi.fn()} />);
    expect(screen.getByTestId('details-post').textContent).toContain('HAN');
    expect(screen.queryByTestId('details-transfer')).toBeNull();
    expect(screen.queryByTestId('details-transfer-sync-first')).toBeNull();
  });
});
