import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setPosts, setWorkScope } from '../../lib/work-scope.ts';
import { setUpComponentTests } from '../../test/component-setup.ts';
import { HAN, HUN, officerAt, POSTS, SGN } from '../../test/posts-fixture.ts';
import { PostFilter } from './post-filter.tsx';

setUpComponentTests(() => []);

const options = () => [...screen.getByLabelText<HTMLSelectElement>('Post').options].map((o) => o.textContent);

describe('PostFilter (reports)', () => {
  it('lets an admin pick one post or all of them', () => {
    setPosts(POSTS);
    setWorkScope({
      role: 'admin',
      postId: HAN.id,
      posts: [HAN.id, SGN.id, HUN.id],
      readPosts: null,
      key: 'all',
    });
    const onChange = vi.fn();
    render(<PostFilter value="" onChange={onChange} />);
    expect(options()).toEqual([
      'All posts',
      'HAN · Noi Bai',
      'SGN · Tan Son Nhat',
      'HUN · Huu Nghi',
      'OLD · Old post',
    ]);
    fireEvent.change(screen.getByLabelText('Post'), { target: { value: SGN.id } });
    expect(onChange).toHaveBeenCalledWith(SGN.id);
  });

  it('offers an analyst the posts of their province only', () => {
    setPosts(POSTS);
    setWorkScope({
      role: 'analyst',
      postId: null,
      posts: [],
      readPosts: [HAN.id, POSTS[3]?.id ?? ''],
      key: 'province:Hà Nội',
    });
    render(<PostFilter value="" onChange={vi.fn()} />);
    expect(options()).toEqual(['All posts', 'HAN · Noi Bai', 'OLD · Old post']);
  });

  it('is not shown to an officer, who reads one post', () => {
    setPosts(POSTS);
    setWorkScope(officerAt(HAN.id, [HAN.id, SGN.id]));
    render(<PostFilter value="" onChange={vi.fn()} />);
    expect(screen.queryByLabelText('Post')).toBeNull();
  });
});
