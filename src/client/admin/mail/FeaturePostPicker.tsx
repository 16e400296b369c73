import { Button, Group, Select } from '@mantine/core';
import { useState } from 'react';
import { featuredPostMarkdown } from '../../../domain/newsletter-issues.js';
import { BLOG_CARD_PAGE } from '../../../domain/paging.js';
import { trpc } from '../../trpc.js';

const FEATURABLE_POSTS = BLOG_CARD_PAGE.maxLimit;

/** "Feature this blog post": adds a published post's title, cover and summary with a link (by slug) to the body. */
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
        data={(posts.data ?? []).map((candidate) => ({ value: candidate.id, label: candidate.title }))}
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
          onInsert(featuredPostMarkdown(post));
          setPostId(null);
        }}
      >
        Insert post
      </Button>
    </Group>
  );
}
