import { Group, Title } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import classes from '../admin.module.css';

/** A tab's heading (with its count) and its actions, wrapping under each other on a phone. */
export function SectionHeader({
  title,
  actions,
  headingRef,
}: {
  title: string;
  actions?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <Group justify="space-between" align="center" gap="sm" mb="md" wrap="wrap">
      <Title
        order={2}
        size="h3"
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className={classes.formHeading}
      >
        {title}
      </Title>
      {actions && (
        <Group gap="xs" wrap="wrap">
          {actions}
        </Group>
      )}
    </Group>
  );
}
