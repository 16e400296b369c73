import { describe, expect, it } from 'vitest';
import { blogCategoryColor, blogCategoryLabel, latestAnnouncements } from './blog.js';

describe('blogCategoryLabel', () => {
  it.each([
    ['announcements', 'Announcements'],
    ['behind-scenes', 'Behind-the-Scenes'],
    ['soundtracks', 'Soundtracks'],
  ])('labels %s as %s', (category, label) => {
    expect(blogCategoryLabel(category)).toBe(label);
  });

  it.each(['interviews', '', 'constructor'])('shows the raw value of another category (%j)', (category) => {
    expect(blogCategoryLabel(category)).toBe(category);
  });

  it('gives each category its own colour and others a neutral one', () => {
    const colours = ['announcements', 'behind-scenes', 'soundtracks'].map(blogCategoryColor);
    expect(new Set(colours).size).toBe(3);
    expect(blogCategoryColor('interviews')).toBe('gray');
  });
});

describe('latestAnnouncements', () => {
  const post = (id: string, category: string, isoDate: string) => ({ id, category, publishedAt: new Date(isoDate) });

  it('keeps only announcements, newest first, at most three', () => {
    const posts = [
      post('a1', 'announcements', '2026-01-01'),
      post('s1', 'soundtracks', '2026-06-01'),
      post('a2', 'announcements', '2026-03-01'),
      post('a3', 'announcements', '2026-02-01'),
      post('b1', 'behind-scenes', '2026-05-01'),
      post('a4', 'announcements', '2026-04-01'),
    ];
    expect(latestAnnouncements(posts).map((p) => p.id)).toEqual(['a4', 'a2', 'a3']);
  });

  it('is empty when there are no announcements', () => {
    expect(latestAnnouncements([post('s1', 'soundtracks', '2026-06-01')])).toEqual([]);
  });

  it('does not reorder the list it was given', () => {
    const posts = [post('old', 'announcements', '2025-01-01'), post('new', 'announcements', '2026-01-01')];
    latestAnnouncements(posts);
    expect(posts.map((p) => p.id)).toEqual(['old', 'new']);
  });
});
