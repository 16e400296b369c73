import { Paper, Stack, Text, Title, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A bordered, titled section of an admin screen (Settings' panels, a send's progress), named for
 * screen readers by its heading. A level-3 panel sits inside a tab's own level-2 heading.
 */
export function AdminPanel({
  id,
  title,
  level = 2,
  description,
  gap = 'md',
  titleClassName,
  children,
}: {
  /** Unique on the page: the heading's id is `<id>-title`. */
  id: string;
  title: ReactNode;
  level?: 2 | 3;
  /** A line under the title saying what the panel is for. */
  description?: ReactNode;
  gap?: MantineSpacing;
  titleClassName?: string;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  const heading = (
    <Title order={level} size={level === 2 ? 'h3' : 'h4'} id={titleId} className={titleClassName}>
      {title}
    </Title>
  );
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Stack gap={gap}>
        {description ? (
          <div>
            {heading}
            <Text size="sm" c="dimmed" mt={4}>
              {description}
            </Text>
          </div>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </Paper>
  );
}
