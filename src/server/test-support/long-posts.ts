import type { AppDatabase } from '../db/connection.js';
import { createBlogPost } from '../content/blog/blog-posts-repository.js';

/** English's commonest words, roughly as often as in prose: what an attacker strings into one query. */
const COMMON = (
  'the the the the and and and of of of a a to to to in in was was it it her her that he she his with for on ' +
  'as at by but not they this from had be have you which there their t s one all were we when your can said an'
).split(' ');
const SYLLABLES =
  'ta te th tr to st sh ar an en or al el in on ra ri ro la le li ma me mo ne no ve va de da ka ke'.split(' ');

/**
 * Published posts of about `words` words each, from a fixed seed: about half the words common
 * English ones, the rest from a vocabulary of 20,000 made-up words (so a prefix such as `t`
 * expands to thousands of them, as it would on a real blog).
 */
export async function createLongPosts(db: AppDatabase, count: number, words = 1_200): Promise<void> {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const vocabulary = Array.from({ length: 20_000 }, (_, index) =>
    Array.from({ length: 2 + (index % 4) }, () => pick(SYLLABLES)).join(''),
  );
  // Zipf-like: a few made-up words are frequent, most are rare.
  const word = () => (random() < 0.5 ? pick(COMMON) : vocabulary[Math.floor(random() ** 2.5 * vocabulary.length)]!);
  const text = (length: number) => Array.from({ length }, word).join(' ');
  for (let index = 0; index < count; index++) {
    await createBlogPost(db, {
      title: `${text(5)} ${index + 1}`,
      summary: text(20),
      content: Array.from({ length: Math.ceil(words / 100) }, () => text(100)).join('\n\n'),
      category: 'announcements',
      coverImage: '/objects/cover.webp',
      contentFormat: 'plain',
      publishAt: null,
      slug: null,
      metaDescription: '',
      socialImage: '',
      status: 'published',
    });
  }
}
