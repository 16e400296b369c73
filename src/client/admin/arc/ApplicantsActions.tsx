import { Button, Group, NumberInput } from '@mantine/core';
import type { useApplicants } from './use-applicants.js';

/** Choose the best N; choose or decline the ticked applicants. */
export function ApplicantsActions({ applicants }: { applicants: ReturnType<typeof useApplicants> }) {
  const { best, setBest, ids } = applicants;
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <NumberInput
        label="Choose the best"
        min={1}
        max={500}
        allowDecimal={false}
        value={best}
        onChange={setBest}
        style={{ flex: '0 1 140px' }}
      />
      <Button
        loading={applicants.choosingBest}
        disabled={typeof best !== 'number'}
        onClick={() => void applicants.chooseBest()}
      >
        Choose best {typeof best === 'number' ? best : ''}
      </Button>
      <Button
        variant="default"
        disabled={ids.length === 0}
        loading={applicants.choosingTicked}
        onClick={() => void applicants.chooseTicked()}
      >
        Choose ticked ({ids.length})
      </Button>
      <Button
        variant="subtle"
        color="red"
        disabled={ids.length === 0}
        loading={applicants.decliningTicked}
        onClick={() => void applicants.declineTicked()}
      >
        Decline ticked
      </Button>
    </Group>
  );
}
