import { Tabs } from '@mantine/core';
import { useState } from 'react';
import { GiftManager } from './GiftManager.js';
import { MailTab } from './MailTab.js';
import { WelcomeSequence } from './WelcomeSequence.js';

/** Admin → Mail: the issues, the welcome emails sent on confirmation, and the subscribers' gift. */
export function MailArea() {
  const [section, setSection] = useState<string | null>('issues');
  return (
    <Tabs value={section} onChange={setSection} keepMounted={false}>
      <Tabs.List aria-label="Mail sections" mb="md">
        <Tabs.Tab value="issues">Issues</Tabs.Tab>
        <Tabs.Tab value="welcome">Welcome emails</Tabs.Tab>
        <Tabs.Tab value="gift">Gift</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="issues">
        <MailTab />
      </Tabs.Panel>
      <Tabs.Panel value="welcome">
        <WelcomeSequence />
      </Tabs.Panel>
      <Tabs.Panel value="gift">
        <GiftManager />
      </Tabs.Panel>
    </Tabs>
  );
}
