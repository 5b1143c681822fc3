import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getWorkPlace, setPosts } from '../../lib/work-scope.ts';
import { setUpComponentTests } from '../../test/component-setup.ts';
import { HAN, json } from '../../test/posts-fixture.ts';
import { PostForm } from './post-form.tsx';

setUpComponentTests(() => []);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The server: every request answers `answer` (status, body); the calls are kept. */
function stubServer(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => json(body, status));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const bodies = (fetch: ReturnType<typeof stubServer>) =>
  fetch.mock.calls.map(([url, init]) => ({
    url: String(url),
    method: init?.method,
    body: JSON.parse(String(init?.body)),
  }));

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));
const errorOf = (label: string) => {
  const input = screen.getByLabelText(label);
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).join(' | ');
};

function fillValid() {
  type('Code', 'lso1');
  type('Name in Vietnamese', 'Cảng Lạng Sơn');
  type('Name in English', 'Lang Son port');
  type('Name in Japanese', 'ランソン港');
  type('Province', 'Lạng Sơn');
}

describe('PostForm', () => {
  it('refuses a bad code, missing names and an unknown time zone, sending nothing', async () => {
    const fetch = stubServer(201, {});
    render(<PostForm provinces={[]} onSaved={vi.fn()} onStale={vi.fn()} onCancel={vi.fn()} />);
    type('Code', 'H');
    type('Time zone', 'Mars/Olympus');
    await submit('New post');
    expect(errorOf('Code')).toContain('Invalid format');
    expect(errorOf('Name in Vietnamese')).toContain('This field is required');
    expect(errorOf('Name in English')).toContain('This field is required');
    expect(errorOf('Name in Japanese')).toContain('This field is required');
    expect(errorOf('Province')).toContain('This field is required');
    expect(errorOf('Time zone')).toContain('Enter a time zone such as Asia/Ho_Chi_Minh');
    type('Code', 'TOOLONG99');
    await submit('New post');
    expect(errorOf('Code')).toContain('Invalid format');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('creates a post with the code in capitals, and keeps it for the top bar', async () => {
    setPosts([HAN]);
    const created = { ...HAN, id: '00000000-0000-4000-8000-0000000000aa', code: 'LSO1' };
    const fetch = stubServer(201, { post: created });
    const onSaved = vi.fn();
    render(<PostForm provinces={['Hà Nội']} onSaved={onSaved} onStale={vi.fn()} onCancel={vi.fn()} />);
    fillValid();
    await submit('New post');
    expect(bodies(fetch)).toEqual([
      {
        url: '/api/posts',
        method: 'POST',
        body: {
          code: 'LSO1',
          name: { vi: 'Cảng Lạng Sơn', en: 'Lang Son port', ja: 'ランソン港' },
          kind: 'airport',
          province: 'Lạng Sơn',
          timeZone: 'Asia/Ho_Chi_Minh',
        },
      },
    ]);
    expect(onSaved).toHaveBeenCalledWith(created, true);
    expect(getWorkPlace().posts.map((p) => p.code)).toEqual(['HAN', 'LSO1']);
  });

  it('shows a taken code (409) on the code field', async () => {
    stubServer(409, {
      error: {
        code: 'conflict',
        message: 'taken',
        details: [{ field: 'code', code: 'post.errors.codeTaken' }],
      },
    });
    const onSaved = vi.fn();
    render(<PostForm provinces={[]} onSaved={onSaved} onStale={vi.fn()} onCancel={vi.fn()} />);
    fillValid();
    await submit('New post');
    expect(errorOf('Code')).toContain('Another post already has this code');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('edits a post with the version read (the code stays), and asks for a reload on a stale version', async () => {
    const fetch = stubServer(200, { post: { ...HAN, version: 2 } });
    const onSaved = vi.fn();
    const { unmount } = render(
      <PostForm post={HAN} provinces={[]} onSaved={onSaved} onStale={vi.fn()} onCancel={vi.fn()} />,
    );
    expect(screen.queryByLabelText('Code')).toBeNull();
    type('Name in English', 'Noi Bai International');
    await submit('Save');
    expect(bodies(fetch)[0]).toMatchObject({
      url: `/api/posts/${HAN.id}`,
      method: 'PATCH',
      body: { version: 1, name: { en: 'Noi Bai International' }, province: 'Hà Nội' },
    });
    expect(bodies(fetch)[0]?.body.code).toBeUndefined();
    expect(onSaved).toHaveBeenCalledWith({ ...HAN, version: 2 }, false);
    unmount();

    stubServer(409, {
      error: { code: 'conflict', message: 'stale', details: [{ field: 'version', code: 'sync.conflict' }] },
    });
    const onStale = vi.fn();
    render(<PostForm post={HAN} provinces={[]} onSaved={vi.fn()} onStale={onStale} onCancel={vi.fn()} />);
    await submit('Save');
    expect(onStale).toHaveBeenCalled();
  });
});
