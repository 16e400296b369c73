import { Group, NumberInput, Switch, Text } from '@mantine/core';
import { MAX_FOLLOW_UP_DELAY_DAYS } from '../../../domain/newsletter-issues.schema.js';

/** A welcome-sequence email's own settings: on or off, and (for a follow-up) its delay after confirmation. */
export function SequenceEmailSwitches({
  step,
  enabled,
  onEnabledChange,
  delayDays,
  onDelayDaysChange,
}: {
  /** 0: the welcome email; 1–3: a follow-up. */
  step: number;
  enabled: boolean;
  onEnabledChange: (enabled: boolean) => void;
  delayDays: number;
  onDelayDaysChange: (days: number) => void;
}) {
  return (
    <>
      <Group gap="md" align="flex-end" wrap="wrap">
        <Switch
          label={step === 0 ? 'Send the welcome email on confirmation' : 'Send this follow-up'}
          checked={enabled}
          onChange={(event) => onEnabledChange(event.currentTarget.checked)}
        />
        {step !== 0 && (
          <NumberInput
            label="Days after confirmation"
            min={0}
            max={MAX_FOLLOW_UP_DELAY_DAYS}
            allowDecimal={false}
            value={delayDays}
            onChange={(value) => onDelayDaysChange(typeof value === 'number' ? value : 0)}
            w={200}
          />
        )}
      </Group>
      {step === 0 && (
        <Text size="sm" c="dimmed">
          The active gift (Mail → Gift) is added under this text with each reader’s own download link.
        </Text>
      )}
    </>
  );
}
