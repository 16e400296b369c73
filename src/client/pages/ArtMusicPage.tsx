import { Badge, Button, Skeleton, Tabs, Title } from '@mantine/core';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ART_TYPE_LABELS, type ArtType } from '../../domain/art.js';
import { PLAYLIST_EMBED_HEIGHT, playlistEmbedUrl, playlistListenLinks } from '../../domain/playlists.js';
import type { Playlist } from '../../domain/playlists.schema.js';
import { SERIES_NAME } from '../content/site.js';
import { trpc } from '../trpc.js';
import { useHydrated } from '../ui/form-outcome.js';
import { ExternalIcon, ImageIcon, MusicIcon } from '../ui/icons.js';
import { PageHeader } from '../ui/PageHeader.js';
import { StateMessage } from '../ui/StateMessage.js';
import { ResponsiveImage } from '../ui/ResponsiveImage.js';
import ui from '../ui/ui.module.css';
import classes from './ArtMusicPage.module.css';
import { ArtViewer } from './ArtViewer.js';
import type { PagePrefetch } from './prefetch.js';

export const prefetch: PagePrefetch = (utils) =>
  Promise.all([
    utils.art.list.ensureData().catch(() => undefined),
    utils.playlists.list.ensureData().catch(() => undefined),
  ]);

type TabId = 'art' | 'music';

const artMusicRoute = getRouteApi('/site/art-music');

/**
 * Art by default; `?tab=music` opens the music (a link that works before the script runs, and
 * a URL that can be shared). With the script the tabs are real tabs (arrow keys), kept in the URL.
 */
export default function ArtMusicPage() {
  const hydrated = useHydrated();
  const searchTab = artMusicRoute.useSearch({ select: (search) => search.tab });
  const navigate = artMusicRoute.useNavigate();
  const [tab, setTabNow] = useState<TabId>(searchTab === 'music' ? 'music' : 'art');
  // Back and Forward (and links) change the URL: the tab follows.
  useEffect(() => setTabNow(searchTab === 'music' ? 'music' : 'art'), [searchTab]);
  const setTab = (next: TabId) => {
    setTabNow(next);
    void navigate({ search: next === 'music' ? { tab: 'music' } : {}, replace: true, resetScroll: false });
  };
  return (
    <>
      <PageHeader
        eyebrow={SERIES_NAME}
        title="Art & Music"
        lede="The world of Aurhald as artists have seen it, and the music composed to carry you down the Long Stair."
      />
      <div className={ui.container}>
        {!hydrated ? (
          <>
            <nav aria-label="Art and music" className={classes.linkTabs}>
              <Link
                to="/art-music"
                search={{}}
                className={classes.tab}
                data-active={tab === 'art' || undefined}
                aria-current={tab === 'art' ? 'page' : undefined}
              >
                <ImageIcon size={18} />
                Art Gallery
              </Link>
              <Link
                to="/art-music"
                search={{ tab: 'music' }}
                className={classes.tab}
                data-active={tab === 'music' || undefined}
                aria-current={tab === 'music' ? 'page' : undefined}
              >
                <MusicIcon size={18} />
                Music &amp; Playlists
              </Link>
            </nav>
            <div className={classes.panel}>{tab === 'music' ? <Music /> : <ArtGallery />}</div>
          </>
        ) : (
          <Tabs
            value={tab}
            onChange={(value) => setTab(value === 'music' ? 'music' : 'art')}
            keepMounted={false}
            classNames={{ list: classes.tabList, tab: classes.tab }}
          >
            <Tabs.List>
              <Tabs.Tab value="art" leftSection={<ImageIcon size={18} />}>
                Art Gallery
              </Tabs.Tab>
              <Tabs.Tab value="music" leftSection={<MusicIcon size={18} />}>
                Music &amp; Playlists
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="art" className={classes.panel}>
              <ArtGallery />
            </Tabs.Panel>
            <Tabs.Panel value="music" className={classes.panel}>
              <Music />
            </Tabs.Panel>
          </Tabs>
        )}
      </div>
    </>
  );
}

function artTypeLabel(type: string): string {
  return Object.hasOwn(ART_TYPE_LABELS, type) ? ART_TYPE_LABELS[type as ArtType] : type;
}

function ArtGallery() {
  const art = trpc.art.list.useQuery();
  const [viewing, setViewing] = useState<number | null>(null);

  if (art.isPending) {
    return (
      <div className={classes.artGrid} aria-busy="true" aria-label="Loading art">
        {[0, 1, 2, 3, 4, 5].map((index) => (
          <Skeleton key={index} radius="md" style={{ aspectRatio: '4 / 5' }} />
        ))}
      </div>
    );
  }
  // No error state for art; a failed or empty list shows the empty message.
  const pieces = art.data ?? [];
  if (pieces.length === 0) {
    return (
      <StateMessage
        title="The gallery is empty"
        text="New art from the world of the series is on its way. Check back soon."
      />
    );
  }
  return (
    <>
      <ul className={classes.artGrid}>
        {pieces.map((piece, index) => (
          <li key={piece.id} className={classes.artItem}>
            <figure className={classes.artFigure}>
              <ArtOpener piece={piece} onOpen={() => setViewing(index)}>
                <ResponsiveImage
                  className={classes.artImage}
                  src={piece.imageUrl}
                  image={piece.image}
                  alt={piece.title}
                  sizes="(max-width: 35.99em) 50vw, (max-width: 61.99em) 33vw, 18rem"
                  width={800}
                  height={1000}
                  priority={index === 0}
                  lazy
                  placeholder={false}
                />
              </ArtOpener>
              <figcaption className={classes.artCaption}>
                <Badge variant="outline" color="gray" size="sm" className={classes.artType}>
                  {artTypeLabel(piece.type)}
                </Badge>
                <span className={classes.artTitle}>{piece.title}</span>
                <span className={classes.artArtist}>by {piece.artist}</span>
                {piece.description && <span className={classes.artDescription}>{piece.description}</span>}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <ArtViewer pieces={pieces} index={viewing} onMove={setViewing} onClose={() => setViewing(null)} />
    </>
  );
}

function Music() {
  const playlists = trpc.playlists.list.useQuery();
  const [selectedId, setSelectedId] = useState<string | null>(null);

  if (playlists.isPending) {
    return (
      <div className={classes.music} aria-busy="true" aria-label="Loading playlists">
        <Skeleton height={PLAYLIST_EMBED_HEIGHT} radius="lg" />
        <div>
          <Skeleton height={28} width="60%" mb="md" />
          {[0, 1, 2, 3, 4, 5].map((index) => (
            <Skeleton key={index} height={18} mb={14} />
          ))}
        </div>
      </div>
    );
  }
  const list = playlists.data ?? [];
  if (list.length === 0) {
    return <StateMessage title="No playlists yet" text="The soundtrack is still being recorded. Check back soon." />;
  }
  const playlist = list.find((candidate) => candidate.id === selectedId) ?? list[0]!;
  return (
    <>
      {list.length > 1 && (
        <div className={classes.playlistPicker} role="group" aria-label="Choose a playlist">
          {list.map((candidate) => {
            const active = candidate.id === playlist.id;
            return (
              <Button
                key={candidate.id}
                variant={active ? 'filled' : 'outline'}
                color={active ? 'ember' : 'gray'}
                aria-pressed={active}
                className={active ? undefined : classes.pickerButton}
                onClick={() => setSelectedId(candidate.id)}
              >
                {candidate.title}
              </Button>
            );
          })}
        </div>
      )}
      <PlaylistView key={playlist.id} playlist={playlist} />
    </>
  );
}

function PlaylistView({ playlist }: { playlist: Playlist }) {
  const embedUrl = playlistEmbedUrl(playlist);
  // The player is another site's page: only with the script (it needs it) and a connection;
  // otherwise a link to the playlist stands in its place rather than a broken grey box.
  const hydrated = useHydrated();
  const online = useOnline();
  const canEmbed = hydrated && online === true;
  const listenLinks = playlistListenLinks(playlist);
  return (
    <section className={classes.music} data-has-player={embedUrl ? '' : undefined} aria-labelledby="playlist-title">
      <div className={classes.playlistIntro}>
        <p className={ui.eyebrow}>
          Playlist · {playlist.tracks.length} {playlist.tracks.length === 1 ? 'track' : 'tracks'}
        </p>
        <Title order={2} id="playlist-title" className={classes.playlistTitle}>
          {playlist.title}
        </Title>
        {playlist.description && <p className={classes.playlistDescription}>{playlist.description}</p>}
        {embedUrl &&
          (canEmbed ? (
            <iframe
              className={classes.player}
              title={`Music player: ${playlist.title}`}
              src={embedUrl}
              width="100%"
              height={PLAYLIST_EMBED_HEIGHT}
              loading="lazy"
              allow="autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture"
            />
          ) : (
            <PlayerLink playlist={playlist} offline={online === false} />
          ))}
        {listenLinks.length > 0 && (
          <p className={classes.listenLinks}>
            {listenLinks.map((link) => (
              <a
                key={link.url}
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                className={classes.listenLink}
              >
                {link.label}
                <ExternalIcon size={16} aria-hidden="true" />
              </a>
            ))}
          </p>
        )}
      </div>
      <div className={classes.tracks}>
        <Title order={3} className={classes.tracksTitle}>
          Track list
        </Title>
        {playlist.tracks.length === 0 ? (
          <p className={classes.playlistDescription}>The track list will be announced soon.</p>
        ) : (
          <ol className={classes.trackList}>
            {playlist.tracks.map((track, index) => (
              <li key={`${index}-${track.title}`} className={classes.track}>
                <span className={classes.trackNumber} aria-hidden="true">
                  {String(index + 1).padStart(2, '0')}
                </span>
                <span className={classes.trackText}>
                  <span className={classes.trackTitle}>{track.title}</span>
                  {track.artist && <span className={classes.trackArtist}>{track.artist}</span>}
                </span>
                {track.duration && <span className={classes.trackDuration}>{track.duration}</span>}
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

/**
 * Opens a piece in the viewer. Before (or without) the script it is a link to the picture at
 * full size; then a button opening the viewer.
 */
function ArtOpener({
  piece,
  onOpen,
  children,
}: {
  piece: { title: string; imageUrl: string };
  onOpen: () => void;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const label = `View ${piece.title} full size`;
  if (!hydrated)
    return (
      <a href={piece.imageUrl} className={classes.artOpen} aria-label={label}>
        {children}
      </a>
    );
  return (
    <button type="button" className={classes.artOpen} aria-label={label} onClick={onOpen}>
      {children}
    </button>
  );
}

const subscribeToConnection = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Whether the browser has a connection; null on the server (not known). */
function useOnline(): boolean | null {
  return useSyncExternalStore(
    subscribeToConnection,
    () => navigator.onLine,
    () => null,
  );
}

/** Where the player would be: the playlist on its service, as a link. */
function PlayerLink({ playlist, offline }: { playlist: Playlist; offline: boolean }) {
  const [link] = playlistListenLinks(playlist);
  if (!link) return null;
  return (
    <div className={classes.playerLink}>
      <MusicIcon size={28} aria-hidden="true" />
      <p>
        {offline ? 'The player needs a connection. ' : ''}
        <a href={link.url} target="_blank" rel="noopener noreferrer">
          Listen to {playlist.title} on {link.label.replace('Open in ', '')}
        </a>
      </p>
    </div>
  );
}
