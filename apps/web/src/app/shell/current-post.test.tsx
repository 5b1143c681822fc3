import '../../test/frame-resources.ts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setPostChoiceWanted } from '../../features/auth/post-choice.ts';
import { setPosts, setWorkScope } from '../../lib/work-scope.ts';
import { onSyncRequested } from '../../sync/triggers.ts';
import { setUpComponentTests } from '../../test/component-setup.ts';
import { HAN, HUN, json, officerAt, POSTS, SGN } from '../../test/posts-fixture.ts';
import { CurrentPost } from './current-post.tsx';
import { PostPicker } from './post-picker.tsx';

setUpComponentTests(() => []);

let syncs: string[] = [];
let stopListening: () => void = () => {};
beforeEach(() => {
  syncs = [];
  stopListening = onSyncRequested((reason) => syncs.push(reason));
  setPosts(POSTS);
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
});
afterEach(() => {
  stopListening();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The server: POST /api/auth/post answers the scope at the asked post (or `status`). */
function stubSwitch(status = 200) {
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const { postId }: { postId: string } = JSON.parse(String(init?.body));
    return status === 200
      ? json(officerAt(postId, [HAN.id, SGN.id]))
      : json({ error: { code: 'forbidden', message: 'no' } }, status);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('CurrentPost (top bar)', () => {
  it('names the one post of an officer, without a switcher', () => {
    setWorkScope(officerAt(HAN.id));
    render(<CurrentPost />);
    expect(screen.getByTestId('current-post').textContent).toContain('HAN');
    expect(screen.getByTestId('current-post').textContent).toContain('Noi Bai');
    expect(screen.queryByTestId('post-switcher')).toBeNull();
  });

  it('names an analyst’s province, and the nation for an admin', () => {
    setWorkScope({ role: 'analyst', postId: null, posts: [], readPosts: [HAN.id], key: 'province:Hà Nội' });
    const { unmount } = render(<CurrentPost />);
    expect(screen.getByTestId('current-post').textContent).toBe('Area: Hà Nội');
    unmount();
    setWorkScope({ role: 'admin', postId: null, posts: [], readPosts: null, key: 'all' });
    render(<CurrentPost />);
    expect(screen.getByTestId('current-post').textContent).toBe('Area: Nationwide');
  });

  it('switches an officer with several posts: asks the server, then starts a sync', async () => {
    setWorkScope(officerAt(HAN.id, [HAN.id, SGN.id]));
    const fetch = stubSwitch();
    render(<CurrentPost />);
    const button = screen.getByTestId('post-switcher');
    expect(button.getAttribute('aria-label')).toBe('Current post: HAN · Noi Bai. Switch post');
    fireEvent.click(button);
    // Only the officer's own posts are offered.
    expect(screen.queryByTestId(`switch-post-${HUN.code}`)).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('switch-post-SGN')));
    await waitFor(() => expect(screen.getByTestId('post-switcher').textContent).toContain('SGN'));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/api/auth/post');
    expect(syncs).toEqual(['post-switch']);
    expect(screen.getByRole('status').textContent).toBe('You now work at SGN · Tan Son Nhat.');
  });

  it('offline, says a switch needs the connection and asks nothing', async () => {
    setWorkScope(officerAt(HAN.id, [HAN.id, SGN.id]));
    const fetch = stubSwitch();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<CurrentPost />);
    fireEvent.click(screen.getByTestId('post-switcher'));
    await act(async () => fireEvent.click(screen.getByTestId('switch-post-SGN')));
    expect(screen.getByTestId('post-switch-error').textContent).toBe('Switching posts needs the connection.');
    expect(fetch).not.toHaveBeenCalled();
    expect(syncs).toEqual([]);
  });

  it('keeps the post when the server refuses the switch, and says so', async () => {
    setWorkScope(officerAt(HAN.id, [HAN.id, SGN.id]));
    stubSwitch(403);
    render(<CurrentPost />);
    fireEvent.click(screen.getByTestId('post-switcher'));
    await act(async () => fireEvent.click(screen.getByTestId('switch-post-SGN')));
    expect(screen.getByTestId('post-switch-error').textContent).toBe('The post could not be switched.');
    expect(screen.getByTestId('post-switcher').textContent).toContain('HAN');
    expect(syncs).toEqual([]);
  });
});

describe('PostPicker (after sign-in)', () => {
  it('asks an officer with several posts where they work, and switches to the one picked', async () => {
    setWorkScope(officerAt(HAN.id, [HAN.id, SGN.id]));
    stubSwitch();
    setPostChoiceWanted(true);
    render(<PostPicker />);
    expect(screen.getByTestId('pick-post-HAN').getAttribute('aria-label')).toBe('Work at HAN · Noi Bai');
    await act(async () => fireEvent.click(screen.getByTestId('pick-post-SGN')));
    await waitFor(() => expect(screen.queryByTestId('pick-post-SGN')).toBeNull());
    expect(syncs).toEqual(['post-switch']);
  });

  it('is not shown to an officer with one post', () => {
    setWorkScope(officerAt(HAN.id));
    setPostChoiceWanted(true);
    render(<PostPicker />);
    expect(screen.queryByTestId('pick-post-HAN')).toBeNull();
  });
});
