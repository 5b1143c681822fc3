/**
 * Posts every start sees to: the demo's three points of entry and who works there (demo mode),
 * and the post an older database was migrated into, which takes its time zone from
 * POST_TIME_ZONE once (0016 leaves meta 'posts.from_settings').
 */
import type { PostCreate, PostRole } from '@bh/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { meta, posts } from '../../db/schema.ts';
import { findUserByEmail } from '../users/store.ts';
import { addAssignment, forgetPosts, insertPost, listPosts } from './store.ts';

export const DEMO_POSTS: readonly PostCreate[] = [
  {
    code: 'HAN',
    name: {
      vi: 'Sân bay quốc tế Nội Bài',
      en: 'Noi Bai International Airport',
      ja: 'ノイバイ国際空港',
    },
    kind: 'airport',
    province: 'Hà Nội',
    timeZone: 'Asia/Ho_Chi_Minh',
  },
  {
    code: 'SGN',
    name: {
      vi: 'Sân bay quốc tế Tân Sơn Nhất',
      en: 'Tan Son Nhat International Airport',
      ja: 'タンソンニャット国際空港',
    },
    kind: 'airport',
    province: 'Hồ Chí Minh',
    timeZone: 'Asia/Ho_Chi_Minh',
  },
  {
    code: 'HUN',
    name: { vi: 'Cửa khẩu Hữu Nghị', en: 'Huu Nghi Border Gate', ja: 'フーギー国境ゲート' },
    kind: 'land',
    province: 'Lạng Sơn',
    timeZone: 'Asia/Ho_Chi_Minh',
  },
];

/**
 * Who works where in the demo: the inspector at HAN, the test account at SGN, the supervisor over
 * HAN, the analyst over HAN's province (Hà Nội); the admin is national.
 */
const DEMO_ASSIGNMENTS: readonly { email: string; role: PostRole; code: string }[] = [
  { email: 'inspector@demo.vn', role: 'officer', code: 'HAN' },
  { email: 'test@demo.vn', role: 'officer', code: 'SGN' },
  { email: 'supervisor@demo.vn', role: 'supervisor', code: 'HAN' },
  { email: 'analyst@demo.vn', role: 'analyst', code: 'HAN' },
];

/** The demo posts and assignments; idempotent (by post code, by assignment). */
export async function seedDemoPosts(db: Db) {
  const known = new Set((await listPosts(db)).map((p) => p.code));
  for (const post of DEMO_POSTS) if (!known.has(post.code)) await insertPost(db, post);
  const all = await listPosts(db);
  for (const { email, role, code } of DEMO_ASSIGNMENTS) {
    const user = await findUserByEmail(db, email);
    const post = all.find((p) => p.code === code);
    if (!user || !post) continue;
    // An analyst reads a province (the post's), not a post.
    const assignment =
      role === 'analyst'
        ? { role, postId: null, province: post.province }
        : { role, postId: post.id, province: null };
    await addAssignment(db, user.id, assignment);
  }
}

/** The post a database of an older version became takes the server's POST_TIME_ZONE, once. */
export async function applyPostFromSettings(db: Db, timeZone: string) {
  const [row] = await db.select().from(meta).where(eq(meta.key, 'posts.from_settings'));
  if (!row) return;
  await db.transaction(async (tx) => {
    await tx.update(posts).set({ timeZone }).where(eq(posts.id, row.value));
    await tx.delete(meta).where(eq(meta.key, 'posts.from_settings'));
  });
  forgetPosts();
}
