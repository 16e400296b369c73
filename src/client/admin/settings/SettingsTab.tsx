import { Box, Stack } from '@mantine/core';
import { BackupPanel } from './BackupPanel.js';
import { ChangePasswordPanel } from './ChangePasswordPanel.js';
import { MailSettingsPanel } from './MailSettingsPanel.js';
import { SalesSettingsPanel } from './SalesSettingsPanel.js';
import { SenderCheckPanel } from './SenderCheckPanel.js';
import { SiteSettingsPanel } from './SiteSettingsPanel.js';
import { UnusedUploadsPanel } from './UnusedUploadsPanel.js';
import { ExportPanel } from '../import-export/ExportPanel.js';
import { ImportPanel } from '../import-export/ImportPanel.js';

export function SettingsTab() {
  return (
    <Stack gap="lg">
      <Box maw={880}>
        <SiteSettingsPanel />
      </Box>
      <Stack gap="lg" maw={560}>
        <ChangePasswordPanel />
        <MailSettingsPanel />
        <SenderCheckPanel />
        <SalesSettingsPanel />
        <BackupPanel />
        <UnusedUploadsPanel />
      </Stack>
      {/* As wide as the site's settings: an import's summary is a table of items with their reasons. */}
      <Stack gap="lg" maw={880}>
        <ImportPanel />
        <ExportPanel />
      </Stack>
    </Stack>
  );
}
