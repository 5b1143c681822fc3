/** Calls of the posts screen; every answer also refreshes the posts the top bar names (lib/work-scope.ts). */
import type { Post, PostCreate, PostList, PostUpdate } from '@bh/shared';
import { api, apiRequest } from '../../lib/api.ts';
import { getWorkPlace, setPosts } from '../../lib/work-scope.ts';

/** Puts one post's new state into the kept list. */
function keep(post: Post) {
  const posts = getWorkPlace().posts;
  setPosts(
    posts.some((p) => p.id === post.id) ? posts.map((p) => (p.id === post.id ? post : p)) : [...posts, post],
  );
}

export async function fetchPosts(): Promise<Post[]> {
  const { items } = await api.get<PostList>('/api/posts');
  setPosts(items);
  return items;
}

export async function createPost(body: PostCreate): Promise<Post> {
  const { post } = await api.post<{ post: Post }>('/api/posts', body);
  keep(post);
  return post;
}

export async function updatePost(id: string, body: PostUpdate): Promise<Post> {
  const { post } = await apiRequest<{ post: Post }>(`/api/posts/${id}`, { method: 'PATCH', body });
  keep(post);
  return post;
}
