import {
  Alert,
  Anchor,
  Button,
  Group,
  Radio,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { POST_STATE_LABELS, POST_STATES, type PostState } from '../../../domain/post-states.js';
import { PAGE_MENUS, type PageMenu } from '../../../domain/site-pages.js';
import { sitePageInputSchema, type SitePageInput } from '../../../domain/site-pages.schema.js';
import { trpc } from '../../trpc.js';
import { zodValidate } from '../../ui/zod-validate.js';
import { MarkdownEditor } from '../editor/MarkdownEditor.js';
import { FormShell } from '../forms/FormShell.js';

type PageValues = {
  title: string;
  slug: string;
  parentId: string;
  content: string;
  status: PostState;
  publishAt: string;
  menu: PageMenu;
  metaDescription: string;
};

const MENU_LABELS: Record<PageMenu, string> = { header: 'Header', footer: 'Footer', none: 'Nowhere' };

const toInput = (values: PageValues): SitePageInput => ({
  ...values,
  slug: values.slug || null,
  parentId: values.parentId || null,
  publishAt: values.status === 'scheduled' && values.publishAt ? new Date(values.publishAt).toISOString() : null,
});

/** The author's pages (/<slug>, nested under a parent): the list, and the editor the blog's posts use. */
export function PagesTab() {
  const list = trpc.pages.adminList.useQuery();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  if (editing) return <PageEditor id={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Pages</Title>
        <Button onClick={() => setEditing('new')}>New page</Button>
      </Group>
      <Text c="dimmed">
        Pages live at their own address (/colophon, or /parent/page) and may be listed in the header or footer.
      </Text>
      <Table.ScrollContainer minWidth={480}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              <Table.Th>Address</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Menu</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(list.data ?? []).map((page) => (
              <Table.Tr key={page.id}>
                <Table.Td>
                  <Anchor component="button" type="button" onClick={() => setEditing(page.id)}>
                    {page.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>{page.path}</Table.Td>
                <Table.Td>{POST_STATE_LABELS[page.status]}</Table.Td>
                <Table.Td>{MENU_LABELS[page.menu]}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.data?.length === 0 && <Text>No pages yet.</Text>}
    </Stack>
  );
}

function PageEditor({ id, onDone }: { id: string | null; onDone: () => void }) {
  const existing = trpc.pages.adminGet.useQuery({ id: id ?? '' }, { enabled: id !== null });
  if (id !== null && !existing.data) return <Text>Loading the page…</Text>;
  const page = existing.data;
  const initial: PageValues = {
    title: page?.title ?? '',
    slug: page?.slug ?? '',
    parentId: page?.parentId ?? '',
    content: page?.content ?? '',
    status: page?.status ?? 'draft',
    publishAt: page?.status === 'scheduled' ? new Date(page.publishedAt).toISOString().slice(0, 16) : '',
    menu: page?.menu ?? 'none',
    metaDescription: page?.metaDescription ?? '',
  };
  return <PageForm id={id} initial={initial} onDone={onDone} />;
}

function PageForm({ id, initial, onDone }: { id: string | null; initial: PageValues; onDone: () => void }) {
  const utils = trpc.useUtils();
  const pages = trpc.pages.adminList.useQuery().data ?? [];
  const [error, setError] = useState<string | null>(null);
  const form = useForm<PageValues, (values: PageValues) => SitePageInput>({
    mode: 'controlled',
    initialValues: initial,
    validate: zodValidate(sitePageInputSchema, toInput),
    transformValues: toInput,
  });
  const done = async () => {
    await utils.pages.adminList.invalidate();
    await utils.site.settings.invalidate();
    onDone();
  };
  const create = trpc.pages.create.useMutation({ onSuccess: done, onError: (e) => setError(e.message) });
  const update = trpc.pages.update.useMutation({ onSuccess: done, onError: (e) => setError(e.message) });
  const remove = trpc.pages.delete.useMutation({ onSuccess: done, onError: (e) => setError(e.message) });
  const parents = pages
    .filter((page) => page.id !== id)
    .map((page) => ({ value: page.id, label: `${page.title} (${page.path})` }));
  return (
    <FormShell
      title={id ? `Edit “${initial.title}”` : 'Write a page'}
      submitLabel={
        form.values.status === 'draft'
          ? 'Save draft'
          : form.values.status === 'scheduled'
            ? 'Schedule page'
            : 'Publish page'
      }
      saving={create.isPending || update.isPending}
      onCancel={onDone}
      secondaryAction={
        id && (
          <Button color="red" variant="outline" onClick={() => remove.mutate({ id })}>
            Delete page
          </Button>
        )
      }
      onSubmit={form.onSubmit((data) => {
        setError(null);
        if (id) update.mutate({ id, data });
        else create.mutate(data);
      })}
    >
      {error && (
        <Alert color="red" role="alert" title="Not saved">
          {error}
        </Alert>
      )}
      <TextInput label="Title" withAsterisk autoComplete="off" {...form.getInputProps('title')} />
      <TextInput
        label="Slug"
        description="The page's address, /<slug> (under its parent's address when it has one). Blank: made from the title."
        autoComplete="off"
        spellCheck={false}
        {...form.getInputProps('slug')}
      />
      <Select
        label="Parent page"
        description="Optional: the page sits under it, at /<parent>/<slug>"
        data={parents}
        clearable
        searchable
        {...form.getInputProps('parentId')}
        value={form.values.parentId || null}
        onChange={(value) => form.setFieldValue('parentId', value ?? '')}
      />
      <MarkdownEditor label="Content" required {...form.getInputProps('content')} />
      <Radio.Group label="State" withAsterisk {...form.getInputProps('status')}>
        <Group gap="lg" mt="xs">
          {POST_STATES.map((state) => (
            <Radio key={state} value={state} label={POST_STATE_LABELS[state]} />
          ))}
        </Group>
      </Radio.Group>
      {form.values.status === 'scheduled' && (
        <TextInput type="datetime-local" label="Publish at" withAsterisk {...form.getInputProps('publishAt')} />
      )}
      <Radio.Group label="Show in" {...form.getInputProps('menu')}>
        <Group gap="lg" mt="xs">
          {PAGE_MENUS.map((menu) => (
            <Radio key={menu} value={menu} label={MENU_LABELS[menu]} />
          ))}
        </Group>
      </Radio.Group>
      <Textarea
        label="Meta description"
        description="Blank: the page's first words"
        autosize
        minRows={2}
        {...form.getInputProps('metaDescription')}
      />
    </FormShell>
  );
}
