import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { Alert, Group, Loader, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import {
  DEFAULT_STATS_PERIOD,
  lastDays,
  sourceLabel,
  STATS_PERIODS,
  type SiteStats,
  type StatsPeriod,
} from '../../../domain/analytics.js';
import { trpc } from '../../trpc.js';
import { AdminPanel } from '../ui/AdminPanel.js';
import { SectionHeader } from '../ui/SectionHeader.js';
import { formatAdminDate } from '../ui/format-date.js';
import { ChartWithTable } from './ChartWithTable.js';
import { DirectSalesPanel } from './DirectSalesPanel.js';
import { FiguresTable } from './FiguresTable.js';
import { growthSeries, signupSourceLabel, viewsSeries } from './overview-figures.js';

const number = new Intl.NumberFormat('en-US');
const n = (value: number) => number.format(value);

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.2}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Paper>
  );
}

function TrafficPanel({ stats }: { stats: SiteStats }) {
  const series = viewsSeries(stats);
  return (
    <AdminPanel
      id="overview-traffic"
      title="Views and visitors"
      description="Visitors are counted once per day, without cookies."
    >
      <ChartWithTable
        caption={`Views and visitors by ${series.unit === 'Day' ? 'day' : 'week'}`}
        columns={[series.unit, 'Views', 'Visitors']}
        rows={series.rows.map((row) => [row.label, row.views, row.visitors])}
      >
        <AreaChart
          h={220}
          data={series.rows}
          dataKey="label"
          series={[
            { name: 'views', label: 'Views', color: 'ember.4' },
            { name: 'visitors', label: 'Visitors', color: 'gray.4' },
          ]}
          curveType="monotone"
          areaProps={{ isAnimationActive: false }}
          withLegend
          tickLine="none"
          gridAxis="y"
        />
      </ChartWithTable>
      <Text size="sm">
        Devices: phone {n(stats.devices.phone.views)}, tablet {n(stats.devices.tablet.views)}, desktop{' '}
        {n(stats.devices.desktop.views)} views.
      </Text>
    </AdminPanel>
  );
}

function ContentPanels({ stats }: { stats: SiteStats }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <AdminPanel id="overview-pages" title="Top pages" level={3}>
        <FiguresTable
          label="Top pages"
          columns={['Page', 'Views', 'Visitors']}
          rows={stats.pages
            .slice(0, 10)
            .map((page) => ({ key: page.path, cells: [page.path, n(page.views), n(page.visitors)] }))}
          empty="No page views in this period yet."
        />
      </AdminPanel>
      <AdminPanel id="overview-posts" title="Top posts" level={3}>
        <FiguresTable
          label="Top posts"
          columns={['Post', 'Views', 'Visitors']}
          rows={stats.posts
            .slice(0, 10)
            .map((post) => ({ key: post.id, cells: [post.title, n(post.views), n(post.visitors)] }))}
          empty="No post was read in this period yet."
        />
      </AdminPanel>
      <AdminPanel id="overview-referrers" title="Top referrers" level={3}>
        <FiguresTable
          label="Top referrers"
          columns={['Source', 'Views', 'Visitors']}
          rows={stats.referrers
            .slice(0, 10)
            .map((row) => ({ key: row.source, cells: [sourceLabel(row.source), n(row.views), n(row.visitors)] }))}
          empty="No visits in this period yet."
        />
      </AdminPanel>
      <AdminPanel id="overview-campaigns" title="Campaigns" level={3}>
        <FiguresTable
          label="Campaigns"
          columns={['Campaign', 'Source', 'Views']}
          rows={stats.campaigns.slice(0, 10).map((row) => ({
            key: `${row.source} ${row.campaign}`,
            cells: [row.campaign, row.source, n(row.views)],
          }))}
          empty="No visits with utm_campaign in this period."
        />
      </AdminPanel>
    </SimpleGrid>
  );
}

function GrowthPanel({ stats }: { stats: SiteStats }) {
  const series = growthSeries(stats);
  const { subscribers } = stats;
  return (
    <AdminPanel
      id="overview-growth"
      title="List growth"
      description={`${n(subscribers.gained)} gained, ${n(subscribers.lost)} lost, ${n(subscribers.total)} subscribed at the end of the period.`}
    >
      <ChartWithTable
        caption={`Subscribers gained and lost by ${series.unit === 'Day' ? 'day' : 'week'}`}
        columns={[series.unit, 'Gained', 'Lost']}
        rows={series.rows.map((row) => [row.label, row.gained, -row.lost])}
      >
        <BarChart
          h={180}
          data={series.rows}
          dataKey="label"
          type="stacked"
          barProps={{ isAnimationActive: false }}
          series={[
            { name: 'gained', label: 'Gained', color: 'teal.5' },
            { name: 'lost', label: 'Lost', color: 'ember.5' },
          ]}
          withLegend
          tickLine="none"
          gridAxis="y"
        />
      </ChartWithTable>
      <FiguresTable
        label="Where subscribers signed up"
        columns={['Signed up through', 'Subscribers']}
        rows={subscribers.sources.map((row) => ({
          key: row.source,
          cells: [signupSourceLabel(row.source), n(row.gained)],
        }))}
        empty="Nobody confirmed a subscription in this period."
      />
    </AdminPanel>
  );
}

function IssuesPanel({ stats }: { stats: SiteStats }) {
  return (
    <AdminPanel
      id="overview-issues"
      title="Newsletter issues"
      description="Clicks count each reader once per link. Opens are not tracked."
    >
      <FiguresTable
        label="Newsletter issues"
        minWidth={560}
        columns={['Issue', 'Recipients', 'Delivered', 'Failed', 'Unsubscribed', 'Clicks']}
        rows={stats.issues.map((issue) => ({
          key: issue.id,
          cells: [
            <>
              {issue.subject}
              {issue.sentAt && (
                <Text size="xs" c="dimmed" component="span" display="block">
                  {formatAdminDate(issue.sentAt)}
                </Text>
              )}
            </>,
            n(issue.recipients),
            n(issue.sent),
            n(issue.failed),
            n(issue.unsubscribed),
            `${n(issue.clicks)} (${n(issue.clickers)} readers)`,
          ],
        }))}
        empty="No issue was sent in this period."
      />
    </AdminPanel>
  );
}

function SalesPanels({ stats }: { stats: SiteStats }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <AdminPanel id="overview-preorders" title="Preorders" level={3}>
        <FiguresTable
          label="Preorders per book and format"
          columns={['Book', 'Format', 'Preorders']}
          rows={stats.preorders.map((row) => ({
            key: `${row.bookId} ${row.format}`,
            cells: [row.bookTitle, row.format, n(row.count)],
          }))}
          empty="No preorders in this period."
        />
      </AdminPanel>
      <AdminPanel id="overview-shop-clicks" title="Shop clicks" level={3}>
        <FiguresTable
          label="Buy-menu shop clicks per book and shop"
          columns={['Book', 'Shop', 'Clicks']}
          rows={stats.shopClicks.map((row) => ({
            key: `${row.bookId} ${row.shop}`,
            cells: [row.title, row.shop, n(row.clicks)],
          }))}
          empty="No shop clicks in this period."
        />
      </AdminPanel>
      <AdminPanel
        id="overview-contact"
        title="New contact messages"
        level={3}
        description={`${n(stats.contact.received)} in this period.`}
      >
        {stats.contact.latest.length === 0 ? (
          <Text size="sm" c="dimmed">
            No messages in this period.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Latest contact messages">
            {stats.contact.latest.map((message) => (
              <li key={message.id}>
                <Group gap="xs" justify="space-between" wrap="wrap">
                  <Text size="sm" fw={600}>
                    {message.name}
                  </Text>
                  <Text size="xs" c="dimmed" component="time" dateTime={message.createdAt.toISOString()}>
                    {formatAdminDate(message.createdAt)}
                  </Text>
                </Group>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {message.preview}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </AdminPanel>
    </SimpleGrid>
  );
}

/** Likes and boosts of the posts from the fediverse, and its followers (all time). */
function FediverseFigure() {
  const summary = trpc.fediverse.summary.useQuery(undefined, { staleTime: 60_000 }).data;
  if (!summary) return null;
  return (
    <Figure
      label="Fediverse likes · boosts"
      value={`${n(summary.likes)} · ${n(summary.boosts)}`}
      note={`${n(summary.followers)} ${summary.followers === 1 ? 'follower' : 'followers'}, all time`}
    />
  );
}

/** What works: traffic, list growth, issue results, direct sales, preorders and messages for the last 7 to 365 days. */
export function OverviewTab() {
  const [period, setPeriod] = useState<StatsPeriod>(DEFAULT_STATS_PERIOD);
  const range = lastDays(period);
  const query = trpc.analytics.stats.useQuery(range, { placeholderData: (previous) => previous });
  const stats = query.data;
  return (
    <Stack gap="md">
      <SectionHeader
        title="Overview"
        actions={
          <SegmentedControl
            aria-label="Period"
            value={String(period)}
            onChange={(value) => setPeriod(Number(value) as StatsPeriod)}
            data={STATS_PERIODS.map((days) => ({ value: String(days), label: `${days} days` }))}
            size="xs"
          />
        }
      />
      {query.isError && (
        <Alert color="red" title="The figures could not be loaded">
          {query.error.message}
        </Alert>
      )}
      {!stats ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading the figures" />
        </Group>
      ) : (
        <>
          <Title order={3} size="h5" c="dimmed" fw={500} aria-live="polite">
            {stats.from} to {stats.to} (UTC){query.isFetching ? ' — updating…' : ''}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Figure label="Views" value={n(stats.views)} />
            <Figure label="Visitors" value={n(stats.visitors)} />
            <Figure
              label="Subscribers"
              value={n(stats.subscribers.total)}
              note={`+${n(stats.subscribers.gained)} / −${n(stats.subscribers.lost)}`}
            />
            <Figure label="Preorders" value={n(stats.preorders.reduce((sum, row) => sum + row.count, 0))} />
            <FediverseFigure />
          </SimpleGrid>
          <TrafficPanel stats={stats} />
          <ContentPanels stats={stats} />
          <GrowthPanel stats={stats} />
          <IssuesPanel stats={stats} />
          <DirectSalesPanel stats={stats} range={range} />
          <SalesPanels stats={stats} />
        </>
      )}
    </Stack>
  );
}
