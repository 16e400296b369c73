import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MAX_NAV_ENTRIES, MAX_NAV_LABEL, type NavEntry, type Navigation } from '../../../domain/navigation.js';
import type { SiteSettings } from '../../../domain/site-settings.js';
import { CloseIcon } from '../../ui/icons.js';
import classes from '../admin.module.css';
import type { NavTargets } from './use-nav-targets.js';

export type NavForm = UseFormReturnType<SiteSettings>;
type Menu = keyof Navigation;

/** One menu (the header's or the footer's): its entries in order, then the controls adding to it. */
export function NavMenu({
  form,
  name,
  title,
  targets,
}: {
  form: NavForm;
  name: Menu;
  title: string;
  targets: NavTargets;
}) {
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
        <NavEntryRow
          key={`${name}-${index}`}
          form={form}
          name={name}
          entry={entry}
          index={index}
          last={index === entries.length - 1}
          title={targets.titleOf(entry)}
        />
      ))}
      <AddToMenu form={form} name={name} full={entries.length >= MAX_NAV_ENTRIES} options={targets.options} />
    </Stack>
  );
}

/** One entry: its label (and address, for a link), moved up or down, or removed. */
function NavEntryRow({
  form,
  name,
  entry,
  index,
  last,
  title,
}: {
  form: NavForm;
  name: Menu;
  entry: NavEntry;
  index: number;
  last: boolean;
  title: string;
}) {
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <TextInput
        label={`${index + 1}. ${title}`}
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
        aria-label={`Move ${title} up`}
        onClick={() => form.reorderListItem(`navigation.${name}`, { from: index, to: index - 1 })}
      >
        ↑
      </Button>
      <Button
        variant="default"
        size="sm"
        disabled={last}
        aria-label={`Move ${title} down`}
        onClick={() => form.reorderListItem(`navigation.${name}`, { from: index, to: index + 1 })}
      >
        ↓
      </Button>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={`Remove ${title} from the ${name}`}
        onClick={() => form.removeListItem(`navigation.${name}`, index)}
      >
        <CloseIcon size={18} />
      </ActionIcon>
    </Group>
  );
}

/** Adds a page (built-in or the author's, chosen in the select) or a blank link to the end of a menu. */
function AddToMenu({
  form,
  name,
  full,
  options,
}: {
  form: NavForm;
  name: Menu;
  full: boolean;
  options: NavTargets['options'];
}) {
  const add = (value: string | null) => {
    if (!value) return;
    const [kind, target] = [value.slice(0, value.indexOf(':')), value.slice(value.indexOf(':') + 1)];
    const entry: NavEntry =
      kind === 'page'
        ? { kind: 'page', pageId: target, label: '' }
        : { kind: 'builtin', path: target as NavEntry & never, label: '' };
    form.insertListItem(`navigation.${name}`, entry);
  };
  return (
    <Group gap="xs" align="flex-end">
      <Select
        label={`Add a page to the ${name}`}
        data={options}
        value={null}
        searchable
        disabled={full}
        onChange={add}
        w={{ base: '100%', sm: 280 }}
      />
      <Button
        variant="default"
        disabled={full}
        onClick={() => form.insertListItem(`navigation.${name}`, { kind: 'link', url: '', label: '' })}
      >
        Add a link
      </Button>
    </Group>
  );
}
