/** Posts and work scopes for component tests (api/posts.ts shapes). */
import type { Post, WorkScope } from '@bh/shared';

const post = (id: string, code: string, vi: string, en: string, province: string, closed = false): Post => ({
  id,
  code,
  name: { vi, en, ja: `${en} JA` },
  kind: 'airport',
  province,
  timeZone: 'Asia/Ho_Chi_Minh',
  closedAt: closed ? '2026-11-01T00:00:00.000Z' : null,
  version: 1,
});

export const HAN = post('00000000-0000-4000-8000-000000000001', 'HAN', 'Nội Bài', 'Noi Bai', 'Hà Nội');
export const SGN = post(
  '00000000-0000-4000-8000-000000000002',
  'SGN',
  'Tân Sơn Nhất',
  'Tan Son Nhat',
  'Hồ Chí Minh',
);
export const HUN = post('00000000-0000-4000-8000-000000000003', 'HUN', 'Hữu Nghị', 'Huu Nghi', 'Lạng Sơn');
export const OLD = post('00000000-0000-4000-8000-000000000004', 'OLD', 'Cũ', 'Old post', 'Hà Nội', true);
export const POSTS = [HAN, SGN, HUN, OLD];

/** An officer's scope at `postId` (reading that post only), able to switch among `posts`. */
export const officerAt = (postId: string, posts: string[] = [postId]): WorkScope => ({
  role: 'officer',
  postId,
  posts,
  readPosts: [postId],
  key: `post:${postId}`,
});

/** A server answer as fetch resolves it. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
