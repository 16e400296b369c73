import { Anchor, Box, Button, Container, Group, NativeSelect, Tabs, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import classes from '../admin.module.css';
import { ArcTab } from '../arc/ArcTab.js';
import { ArtTab } from '../art/ArtTab.js';
import { BlogTab } from '../blog/BlogTab.js';
import { BooksTab } from '../books/BooksTab.js';
import { CommentsTab } from '../comments/CommentsTab.js';
import { ExcerptsTab } from '../excerpts/ExcerptsTab.js';
import { OverviewTab } from '../overview/OverviewTab.js';
import { MailArea } from '../mail/MailArea.js';
import { OrdersTab } from '../sales/OrdersTab.js';
import { PagesTab } from '../pages/PagesTab.js';
import { PlaylistsTab } from '../playlists/PlaylistsTab.js';
import { SeriesTab } from '../series/SeriesTab.js';
import { useAdminSession } from '../session/AdminSession.js';
import { SettingsTab } from '../settings/SettingsTab.js';
import { ContactTab } from '../submissions/ContactTab.js';
import { NewsletterTab } from '../submissions/NewsletterTab.js';
import { PreordersTab } from '../submissions/PreordersTab.js';
import { ExternalIcon, LogoutIcon } from '../../ui/icons.js';
import { ADMIN_TABS, type AdminTabId } from './admin-tabs.js';
import { useAdminTab } from './use-admin-tab.js';

const PANELS: Record<AdminTabId, ComponentType> = {
  overview: OverviewTab,
  books: BooksTab,
  series: SeriesTab,
  excerpts: ExcerptsTab,
  blog: BlogTab,
  comments: CommentsTab,
  pages: PagesTab,
  art: ArtTab,
  contact: ContactTab,
  newsletter: NewsletterTab,
  mail: MailArea,
  orders: OrdersTab,
  arc: ArcTab,
  preorders: PreordersTab,
  playlists: PlaylistsTab,
  settings: SettingsTab,
};

function AdminHeader() {
  const session = useAdminSession();
  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" py="sm">
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Title order={1} size="h3" lh={1.2}>
              Admin
            </Title>
            <Text size="xs" c="dimmed" visibleFrom="xs">
              Manage books, excerpts, posts, art and music
            </Text>
          </div>
          <Group gap="xs" wrap="nowrap">
            <Anchor href="/" size="sm" c="dimmed" underline="hover">
              <Group gap={4} component="span" wrap="nowrap">
                View site <ExternalIcon size={14} />
              </Group>
            </Anchor>
            <Button
              variant="default"
              size="sm"
              leftSection={<LogoutIcon size={16} />}
              onClick={() => void session.logout()}
              disabled={session.loggingOut}
            >
              {session.loggingOut ? 'Logging out...' : 'Logout'}
            </Button>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

/**
 * The logged-in admin: a header with Logout, then one tab per area. A panel renders once its
 * tab is first opened and then stays mounted, so an unsaved form survives a look at another tab.
 */
export function AdminDashboard() {
  const [tab, setTab] = useAdminTab();
  const [visited, setVisited] = useState<ReadonlySet<AdminTabId>>(() => new Set([tab]));
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setVisited((previous) => (previous.has(tab) ? previous : new Set([...previous, tab])));
    // Below the desktop width the tab list scrolls sideways: keep the selected tab in view.
    listRef.current
      ?.querySelector<HTMLElement>('[aria-selected="true"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

  return (
    <div className={classes.page}>
      <AdminHeader />
      <Container size="lg" py="md" component="main">
        <Tabs
          value={tab}
          onChange={(value) => value && setTab(value as AdminTabId)}
          keepMounted
          activateTabWithKeyboard
          variant="default"
        >
          {/* On a phone a few of the tabs show at a time (the list scrolls, its edge fades): this menu names them all. */}
          <NativeSelect
            hiddenFrom="sm"
            label="Go to section"
            data={ADMIN_TABS.map(({ id, label }) => ({ value: id, label }))}
            value={tab}
            onChange={(event) => setTab(event.currentTarget.value as AdminTabId)}
            mb="xs"
          />
          <Tabs.List ref={listRef} aria-label="Admin sections" className={classes.tabList} mb="lg">
            {ADMIN_TABS.map(({ id, label }) => (
              <Tabs.Tab key={id} value={id} className={classes.tab}>
                {label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {ADMIN_TABS.map(({ id }) => {
            const Panel = PANELS[id];
            return (
              <Tabs.Panel key={id} value={id}>
                {visited.has(id) || id === tab ? <Panel /> : null}
              </Tabs.Panel>
            );
          })}
        </Tabs>
      </Container>
    </div>
  );
}
