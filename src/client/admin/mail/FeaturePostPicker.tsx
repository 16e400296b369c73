import { Button, Group, Select } from '@mantine/core';
import { useState } from 'react';
import { formatShortDate } from '../../../domain/date-format.js';
import { featuredPostBlock } from '../../../domain/newsletter-issues.js';
import { BLOG_CARD_PAGE } from '../../../domain/paging.js';
import { trpc } from '../../trpc.js';

const FEATURABLE_POSTS = BLOG_CARD_PAGE.maxLimit;

type PickablePost = { id: string; slug: string; title: string; publishedAt: Date };

/** Newest first, by when each was published (ties by title), each labelled with its date. */
function postsByDate(posts: readonly PickablePost[]) {
  return [...posts]
    .sort(
      (a, b) => new Date(b.publishedAt).getTime() - new Date(a.publishedAt).getTime() || a.title.localeCompare(b.title),
    )
    .map((post) => ({ value: post.id, label: `${formatShortDate(new Date(post.publishedAt))} · ${post.title}` }));
}

/**
 * "Feature a blog post": adds a card of a published post (its cover, title, summary and a link) to the body, as one
 * line, `[[post:<slug>]]`, that the preview, the email and the archive draw as the card.
 */
export function FeaturePostPicker({ onInsert }: { onInsert: (markdown: string) => void }) {
  // The public cards: published posts only (a draft's or a scheduled post's link would lead nowhere), the newest 50.
  const posts = trpc.blog.cards.useQuery({ limit: FEATURABLE_POSTS }, { select: (page) => page.items });
  const [postId, setPostId] = useState<string | null>(null);
  const post = posts.data?.find((candidate) => candidate.id === postId);
  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      <Select
        label="Feature a blog post"
        placeholder={posts.isPending ? 'Loading posts…' : 'Choose a post'}
        data={postsByDate(posts.data ?? [])}
        value={postId}
        onChange={setPostId}
        searchable
        clearable
        nothingFoundMessage="No post found"
        w={{ base: '100%', sm: 360 }}
      />
      <Button
        variant="default"
        disabled={!post}
        onClick={() => {
          if (!post) return;
          onInsert(featuredPostBlock(post));
          setPostId(null);
        }}
      >
        Insert post card
      </Button>
    </Group>
  );
}
