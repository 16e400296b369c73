import { Alert, Radio, Stack, Text, TextInput } from '@mantine/core';
import { CONSENT_SOURCE_MAX, type ConsentChoice as Choice } from '../../../domain/import-export.js';

export type ConsentAnswer = { choice: Choice | null; source: string };

/** Whether the answer lets the import go ahead: a choice, and where consent was given when they agreed. */
export const consentAnswered = (answer: ConsentAnswer): boolean =>
  answer.choice === 'none' ||
  (answer.choice === 'given' &&
    answer.source.trim().length >= 3 &&
    answer.source.trim().length <= CONSENT_SOURCE_MAX &&
    !/^[=+\-@]/.test(answer.source.trim()));

/**
 * A list with no status column cannot say who agreed to get the newsletter: the author says where they agreed,
 * or imports them as not mailed. Required before Import.
 */
export function ConsentChoice({
  rows,
  answer,
  onChange,
  disabled,
}: {
  rows: number;
  answer: ConsentAnswer;
  onChange: (answer: ConsentAnswer) => void;
  disabled: boolean;
}) {
  const people = rows === 1 ? '1 person' : `${rows.toLocaleString('en')} people`;
  return (
    <Alert color="yellow" variant="light" title="Did they agree to get your newsletter?">
      <Stack gap="sm">
        <Text size="sm">
          This file has no status column, so it cannot say whether the {people} in it agreed to get your newsletter.
          Mailing people who never agreed breaks the law in many countries and gets your mail marked as spam.
        </Text>
        <Radio.Group
          label="Consent"
          withAsterisk
          value={answer.choice ?? ''}
          onChange={(value) => onChange({ ...answer, choice: value === 'given' ? 'given' : 'none' })}
        >
          <Stack gap="xs" mt={4}>
            <Radio value="given" label="They agreed: I can say where" disabled={disabled} />
            <Radio value="none" label="I can’t say: import them as not mailed" disabled={disabled} />
          </Stack>
        </Radio.Group>
        {answer.choice === 'given' && (
          <TextInput
            label="Where they agreed"
            description="Kept with the import’s summary, e.g. “the sign-up form on my old site, double opt-in”."
            withAsterisk
            maxLength={CONSENT_SOURCE_MAX}
            value={answer.source}
            disabled={disabled}
            error={
              answer.source.trim() !== '' && !consentAnswered(answer)
                ? 'Say where, in 3 or more characters (not starting with = + - or @)'
                : undefined
            }
            onChange={(event) => onChange({ ...answer, source: event.currentTarget.value })}
          />
        )}
        {answer.choice === 'none' && (
          <Text size="sm" c="dimmed">
            They are added to the list but never mailed; each can sign up again from the site.
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
