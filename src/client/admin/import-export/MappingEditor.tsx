import { Select, SimpleGrid } from '@mantine/core';
import { MAPPING_FIELD_LABELS, MAPPING_FIELDS, type SubscriberMapping } from '../../../domain/import-export.js';

const NONE = '__none__';

/** The columns of a subscribers CSV the import reads, as detected; the author can change each. */
export function MappingEditor({
  headers,
  mapping,
  onChange,
  disabled,
}: {
  headers: readonly string[];
  mapping: SubscriberMapping;
  onChange: (mapping: SubscriberMapping) => void;
  disabled: boolean;
}) {
  const options = [
    { value: NONE, label: '(not in the file)' },
    ...headers.map((header) => ({ value: header, label: header })),
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" aria-label="Columns of the CSV" role="group">
      {MAPPING_FIELDS.map((field) => (
        <Select
          key={field}
          label={`${MAPPING_FIELD_LABELS[field]} column`}
          data={options}
          value={mapping[field] ?? NONE}
          allowDeselect={false}
          disabled={disabled}
          onChange={(value) => onChange({ ...mapping, [field]: !value || value === NONE ? null : value })}
        />
      ))}
    </SimpleGrid>
  );
}
