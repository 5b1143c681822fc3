import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onSyncRequested } from '../../sync/triggers.ts';
import { setUpComponentTests } from '../../test/component-setup.ts';
import { HAN, json, POSTS } from '../../test/posts-fixture.ts';
import { TransferDialog } from './transfer-dialog.tsx';

setUpComponentTests(() => []);

const TRAVELER = {
  id: '018f0000-0000-7000-8000-000000000001',
  fullName: 'Nguyen Van A',
  entryPostId: HAN.id,
};
let syncs: string[] = [];
let stop: () => void = () => {};
beforeEach(() => {
  syncs = [];
  stop = onSyncRequested((reason) => syncs.push(reason));
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
});
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function stubServer(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => json(body, status));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const open = (onTransferred = vi.fn()) =>
  render(
    <TransferDialog traveler={TRAVELER} posts={POSTS} onClose={vi.fn()} onTransferred={onTransferred} />,
  );
const choose = (code: string) => {
  const select = screen.getByLabelText<HTMLSelectElement>('Transfer to');
  const option = [...select.options].find((o) => o.textContent?.startsWith(code));
  fireEvent.change(select, { target: { value: option?.value } });
};
const submit = () => act(async () => fireEvent.click(screen.getByTestId('transfer-submit')));

describe('TransferDialog', () => {
  it('offers the open posts other than the traveller’s, and names where they are now', () => {
    stubServer(200, { version: 2 });
    open();
    const options = [...screen.getByLabelText<HTMLSelectElement>('Transfer to').options].map(
      (o) => o.textContent,
    );
    expect(options).toEqual(['Choose a post', 'SGN · Tan Son Nhat', 'HUN · Huu Nghi']);
    expect(screen.getByTestId('transfer-dialog').textContent).toContain('Now at: HAN · Noi Bai');
  });

  it('needs a post and a reason before asking the server', async () => {
    const fetch = stubServer(200, { version: 2 });
    open();
    await submit();
    expect(screen.getByLabelText('Transfer to').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
    choose('SGN');
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: '   ' } });
    await submit();
    expect(screen.getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('transfers with the reason, starts a sync and says where the traveller went', async () => {
    const fetch = stubServer(200, { version: 2 });
    const onTransferred = vi.fn();
    open(onTransferred);
    choose('HUN');
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Quarantine at the land border' } });
    await submit();
    expect(String(fetch.mock.calls[0]?.[0])).toBe(`/api/travelers/${TRAVELER.id}/transfer`);
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      postId: POSTS[2]?.id,
      reason: 'Quarantine at the land border',
    });
    expect(syncs).toEqual(['transfer']);
    expect(screen.getByTestId('transfer-done').textContent).toBe(
      'Nguyen Van A was transferred to HUN · Huu Nghi.',
    );
    fireEvent.click(screen.getByTestId('transfer-close'));
    expect(onTransferred).toHaveBeenCalled();
  });

  it('shows the server’s refusal in words (a post closed meanwhile)', async () => {
    stubServer(422, {
      error: {
        code: 'validation_error',
        message: 'closed',
        details: [{ field: 'postId', code: 'post.errors.closed' }],
      },
    });
    open();
    choose('SGN');
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Moved' } });
    await submit();
    expect(screen.getByTestId('transfer-dialog').textContent).toContain('This post is closed');
    expect(syncs).toEqual([]);
  });

  it('offline, explains that a transfer needs the connection and cannot be sent', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    stubServer(200, { version: 2 });
    open();
    expect(screen.getByTestId('transfer-offline').textContent).toBe(
      'A transfer needs the connection. Try again when online.',
    );
    expect(screen.getByTestId<HTMLButtonElement>('transfer-submit').disabled).toBe(true);
  });
});
