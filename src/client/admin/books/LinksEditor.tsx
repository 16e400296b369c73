import { Group, Stack, TextInput } from '@mantine/core';
import { RemoveRowButton, RowFieldLabel } from '../forms/ListEditorFieldset.js';
import { ListEditorFooter } from '../forms/ListEditorFooter.js';
import { MAX_RETAILER_LINKS, shopForUrl } from '../../../domain/retailers.js';
import { ShopIcon } from '../../books/ShopIcon.js';
import { newLinkRow, type BookFormApi, type LinkRow } from './book-form-values.js';

type LinksEditorProps = {
  form: BookFormApi;
  /** 'retailerLinks' or 'editions.<n>.links'. */
  path: 'retailerLinks' | `editions.${number}.links`;
  links: LinkRow[];
  /** Names the rows for screen readers, e.g. "Hardcover shop" or "Shop". */
  owner: string;
};

/** Rows of shop link and label; a known shop's name fills in when the label is left blank. */
export function LinksEditor({ form, path, links, owner }: LinksEditorProps) {
  return (
    <Stack gap={6}>
      {links.map((link, index) => {
        const name = `${owner} ${index + 1}`;
        const shop = shopForUrl(link.url);
        return (
          <Group key={link.key} gap="xs" align="flex-start" wrap="wrap">
            <span style={{ paddingTop: 6 }}>
              <ShopIcon url={link.url} />
            </span>
            <TextInput
              label={<RowFieldLabel row={name} name="Link" />}
              placeholder="https://"
              size="sm"
              style={{ flex: '3 1 220px' }}
              autoComplete="off"
              {...form.getInputProps(`${path}.${index}.url`)}
            />
            <TextInput
              label={<RowFieldLabel row={name} name="Label" />}
              placeholder={shop?.name ?? 'Shop name'}
              size="sm"
              style={{ flex: '2 1 140px' }}
              autoComplete="off"
              {...form.getInputProps(`${path}.${index}.label`)}
            />
            <RemoveRowButton
              label={`Remove ${name.toLowerCase()}`}
              mt={26}
              onClick={() => form.removeListItem(path, index)}
            />
          </Group>
        );
      })}
      <ListEditorFooter
        error={form.errors[path]}
        addLabel={`Add ${owner.toLowerCase()} link`}
        onAdd={() => form.insertListItem(path, newLinkRow())}
        full={links.length >= MAX_RETAILER_LINKS}
        variant="subtle"
      />
    </Stack>
  );
}
