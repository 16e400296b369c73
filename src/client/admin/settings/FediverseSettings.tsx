import { Switch, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { fediverseHandle } from '../../../domain/fediverse-follow.js';
import type { SiteSettings } from '../../../domain/site-settings.js';

/**
 * Settings → Site → Fediverse: the account's handle (readers follow `@handle@<this site's host>` from Mastodon) and
 * whether follows wait for the author's approval.
 */
export function FediverseSettings({ form }: { form: UseFormReturnType<SiteSettings> }) {
  const { handle } = form.getValues().fediverse;
  return (
    <>
      <TextInput
        label="Handle"
        withAsterisk
        description="Letters, digits and underscores. Your followers stay if you change it, but the old handle stops finding you."
        maxLength={30}
        autoCapitalize="none"
        spellCheck={false}
        {...form.getInputProps('fediverse.handle')}
      />
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        Readers follow {fediverseHandle(handle || 'handle', window.location.origin)} (shown in the footer and on the
        About page).
      </Text>
      <Switch
        label="Hold new followers for my approval"
        description="Off: a follow is accepted at once. On: it waits in Comments → Follow requests."
        {...form.getInputProps('fediverse.holdFollows', { type: 'checkbox' })}
      />
    </>
  );
}
