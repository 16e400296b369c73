import { Anchor, Group, Radio, Select, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import type { BlogPost } from '../../../domain/blog.schema.js';
import { blogPreviewPath, POST_STATE_LABELS, POST_STATES } from '../../../domain/post-states.js';
import { MAX_TAG_LABEL, MAX_TAGS_PER_POST } from '../../../domain/blog.js';
import { trpc } from '../../trpc.js';
import { CommentsOffSwitch } from '../comments/CommentsOffSwitch.js';
import { MarkdownEditor } from '../editor/MarkdownEditor.js';
import { ContentViews } from '../overview/ContentViews.js';
import { ImageField } from '../forms/ImageField.js';
import { browserTimeZoneName } from './publish-time.js';
import type { BlogPostForm } from './use-blog-form.js';

/** The groups of the post editor (BlogForm.tsx), each a run of fields of the one form. */
type SectionProps = { form: BlogPostForm };

/** What the post says: title, address, category, tags, summary, text and cover. */
export function PostContentFields({ form }: SectionProps) {
  // The author's categories, in the author's order. Until they arrive the field waits, rather than show the post's
  // category (a slug with no label yet) as blank.
  const categories = trpc.blog.categories.list.useQuery();
  const categoryOptions = (categories.data ?? []).map((category) => ({
    value: category.slug,
    label: category.label,
  }));
  const tagOptions = (trpc.blog.allTags.useQuery().data ?? []).map((tag) => tag.label);
  return (
    <>
      <TextInput label="Title" withAsterisk autoComplete="off" {...form.getInputProps('title')} />
      <TextInput
        label="Slug"
        description="The post's address, /blog/<slug>. Blank: made from the title. An edited slug keeps the old address leading here."
        autoComplete="off"
        spellCheck={false}
        {...form.getInputProps('slug')}
      />
      <Select
        size="md"
        label="Category"
        withAsterisk
        data={categoryOptions}
        disabled={categories.isPending}
        placeholder={categories.isPending ? 'Loading categories…' : undefined}
        allowDeselect={false}
        checkIconPosition="right"
        maw={{ sm: 320 }}
        {...form.getInputProps('category')}
      />
      <TagsInput
        size="md"
        label="Tags"
        description="Press Enter after each tag. Readers find the post under each at /blog?tag=<tag>"
        data={tagOptions}
        maxTags={MAX_TAGS_PER_POST}
        maxLength={MAX_TAG_LABEL}
        clearable
        {...form.getInputProps('tags')}
      />
      <Textarea label="Summary" withAsterisk autosize minRows={2} maxRows={6} {...form.getInputProps('summary')} />
      <MarkdownEditor label="Content" required {...form.getInputProps('content')} />
      <ImageField
        label="Cover image"
        description="Optional: without one the blog shows the post as a text card"
        {...form.getInputProps('coverImage')}
      />
    </>
  );
}

/** Draft, scheduled or published; a scheduled post's moment, in the author's time zone. */
export function PostStateFields({ form }: SectionProps) {
  return (
    <>
      <Radio.Group label="State" withAsterisk {...form.getInputProps('status')}>
        <Group gap="lg" mt="xs">
          {POST_STATES.map((state) => (
            <Radio key={state} value={state} label={POST_STATE_LABELS[state]} />
          ))}
        </Group>
      </Radio.Group>
      {form.values.status === 'scheduled' && (
        <TextInput
          type="datetime-local"
          step={1}
          label="Publish at"
          description={`In your time zone: ${browserTimeZoneName()}. The post appears on the site at that moment.`}
          withAsterisk
          maw={{ sm: 320 }}
          {...form.getInputProps('publishAt')}
        />
      )}
    </>
  );
}

/** For a post already saved: its comments switch, its views, and a preview of it as saved. */
export function SavedPostTools({ item }: { item: BlogPost }) {
  return (
    <>
      <CommentsOffSwitch targetKind="post" targetId={item.id} />
      <ContentViews kind="posts" id={item.id} />
      <Text size="sm">
        <Anchor href={blogPreviewPath(item.id)} target="_blank" rel="noopener">
          Preview this post as saved
        </Anchor>{' '}
        (opens in a new tab)
      </Text>
    </>
  );
}

/** What search engines and shared links show. */
export function SearchSharingFields({ form }: SectionProps) {
  return (
    <Stack gap="md">
      <Text fw={600}>Search and social sharing</Text>
      <Textarea
        label="Meta description"
        description="Shown by search engines. Blank: the summary."
        autosize
        minRows={2}
        maxRows={4}
        {...form.getInputProps('metaDescription')}
      />
      <ImageField
        label="Social image"
        description="Shown when the post is shared. Blank: the cover image."
        {...form.getInputProps('socialImage')}
      />
    </Stack>
  );
}
