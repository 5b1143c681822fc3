/** Samples of the points-of-entry schemas (api/posts.ts) for the schema message tests. */
import type { z } from 'zod';
import {
  assignmentsBodySchema,
  postAnswerSchema,
  postAssignmentSchema,
  postCreateSchema,
  postListSchema,
  postSchema,
  postUpdateSchema,
  publicPostListSchema,
  switchPostSchema,
  transferBodySchema,
  workScopeSchema,
} from '../api/posts.ts';
import * as f from './fixtures.ts';

const name = { vi: 'Sân bay quốc tế Nội Bài', en: 'Noi Bai International Airport', ja: 'ノイバイ国際空港' };
const create = { code: 'HAN', name, kind: 'airport', province: 'Hà Nội', timeZone: 'Asia/Ho_Chi_Minh' };
const post = { id: f.USER_ID, ...create, closedAt: null, version: 1 };
const assignment = { role: 'officer', postId: f.USER_ID, province: null };

export const POST_SCHEMA_SAMPLES: readonly (readonly [string, z.ZodType, unknown, readonly unknown[]])[] = [
  ['post', postSchema, post, []],
  ['postList', postListSchema, { items: [post] }, []],
  [
    'postCreate',
    postCreateSchema,
    create,
    [
      { ...create, code: 'han' },
      { ...create, timeZone: 'Mars/Base' },
      { ...create, kind: 'river' },
      { ...create, name: { vi: '', en: 'x', ja: 'x' } },
    ],
  ],
  [
    'postUpdate',
    postUpdateSchema,
    { version: 1, closed: true },
    [{ version: 0 }, { version: 1, closed: 'yes' }],
  ],
  ['postAnswer', postAnswerSchema, { post }, []],
  ['publicPostList', publicPostListSchema, { items: [{ id: f.USER_ID, code: 'HAN', name }] }, []],
  ['postAssignment', postAssignmentSchema, assignment, [{ ...assignment, role: 'boss' }]],
  ['assignmentsBody', assignmentsBodySchema, { assignments: [assignment] }, [{ assignments: 'all' }]],
  [
    'workScope',
    workScopeSchema,
    { role: 'analyst', postId: null, posts: [], readPosts: null, key: 'province:Hà Nội' },
    [],
  ],
  ['switchPost', switchPostSchema, { postId: f.USER_ID }, [{ postId: 'HAN' }]],
  [
    'transferBody',
    transferBodySchema,
    { postId: f.USER_ID, reason: 'To the quarantine facility' },
    [{ postId: f.USER_ID, reason: '' }],
  ],
];
