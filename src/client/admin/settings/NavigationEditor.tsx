import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MAX_NAV_ENTRIES, MAX_NAV_LABEL, type NavEntry, type Navigation } from '../../../domain/navigation.js';
import { BUILT_IN_PAGES } from '../../../domain/site-pages.js';
import type { SiteSettings } from '../../../domain/site-settings.js';
import { trpc } from '../../trpc.js';
import { CloseIcon } from '../../ui/icons.js';
import classes from '../admin.module.css';

type NavForm = UseFormReturnType<SiteSettings>;
type Menu = keyof Navigation;

/**
 * Settings → Site → Navigation: the header's and the footer's menus, in order. Each entry is a built-in page (a
 * page not in a menu is hidden from it), one of the author's pages or a link elsewhere, with its label.
 */
export function NavigationEditor({ form }: { form: NavForm }) {
  const pages = trpc.pages.adminList.useQuery().data ?? [];
  const titleOf = (entry: NavEntry) => {
    if (entry.kind === 'builtin') return BUILT_IN_PAGES.find((page) => page.path === entry.path)?.label ?? entry.path;
    if (entry.kind === 'page') {
      const page = pages.find((item) => item.id === entry.pageId);
      return page
        ? `${page.title} (${page.path}${page.status === 'published' ? '' : ', not published'})`
        : 'A deleted page';
    }
    return 'Link';
  };
  const options = [
    {
      group: 'Built-in pages',
      items: BUILT_IN_PAGES.map((page) => ({ value: `builtin:${page.path}`, label: page.label })),
    },
    {
      group: 'Your pages',
      items: pages.map((page) => ({ value: `page:${page.id}`, label: `${page.title} (${page.path})` })),
    },
  ];
  const add = (menu: Menu, value: string | null) => {
    if (!value) return;
    const [kind, target] = [value.slice(0, value.indexOf(':')), value.slice(value.indexOf(':') + 1)];
    const entry: NavEntry =
      kind === 'page'
        ? { kind: 'page', pageId: target, label: '' }
        : { kind: 'builtin', path: target as NavEntry & never, label: '' };
    form.insertListItem(`navigation.${menu}`, entry);
  };
  const menu = (name: Menu, title: string) => {
    const entries = form.getValues().navigation[name];
    return (
      <Stack gap="xs" aria-label={`${title} menu`} role="group">
        <Text fw={600}>{title}</Text>
        {entries.length === 0 && (
          <Text size="sm" c="dimmed">
            Empty: the {name} shows no menu.
          </Text>
        )}
        {entries.map((entry, index) => (
          <Group key={`${name}-${index}`} gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              label={`${index + 1}. ${titleOf(entry)}`}
              placeholder={entry.kind === 'link' ? 'Label' : 'Its own name'}
              maxLength={MAX_NAV_LABEL}
              // A page's title may be one long word: its label wraps rather than widening the form.
              style={{ flex: '1 1 180px', minWidth: 0 }}
              classNames={{ label: classes.breakAnywhere }}
              {...form.getInputProps(`navigation.${name}.${index}.label`)}
            />
            {entry.kind === 'link' && (
              <TextInput
                label="Address"
                placeholder="https:// or /page"
                style={{ flex: '2 1 220px' }}
                {...form.getInputProps(`navigation.${name}.${index}.url`)}
              />
            )}
            <Button
              variant="default"
              size="sm"
              disabled={index === 0}
              aria-label={`Move ${titleOf(entry)} up`}
              onClick={() => form.reorderListItem(`navigation.${name}`, { from: index, to: index - 1 })}
            >
              ↑
            </Button>
            <Button
              variant="default"
              size="sm"
              disabled={index === entries.length - 1}
              aria-label={`Move ${titleOf(entry)} down`}
              onClick={() => form.reorderListItem(`navigation.${name}`, { from: index, to: index + 1 })}
            >
              ↓
            </Button>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={`Remove ${titleOf(entry)} from the ${name}`}
              onClick={() => form.removeListItem(`navigation.${name}`, index)}
            >
              <CloseIcon size={18} />
            </ActionIcon>
          </Group>
        ))}
        <Group gap="xs" align="flex-end">
          <Select
            label={`Add a page to the ${name}`}
            data={options}
            value={null}
            searchable
            disabled={entries.length >= MAX_NAV_ENTRIES}
            onChange={(value) => add(name, value)}
            w={{ base: '100%', sm: 280 }}
          />
          <Button
            variant="default"
            disabled={entries.length >= MAX_NAV_ENTRIES}
            onClick={() => form.insertListItem(`navigation.${name}`, { kind: 'link', url: '', label: '' })}
          >
            Add a link
          </Button>
        </Group>
      </Stack>
    );
  };
  return (
    <>
      <Text size="sm" c="dimmed">
        A blank label shows the page&apos;s own name. A built-in page left out of a menu is hidden from it. A long
        header menu moves into the menu button at every width, so it always fits.
      </Text>
      {menu('header', 'Header')}
      {menu('footer', 'Footer')}
    </>
  );
}
