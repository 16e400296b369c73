import type { Context } from '@fedify/fedify';
import { Article, Link, Note, isActor, type Create, type Delete, type Update } from '@fedify/vocab';
import type { CommentTargetKind } from '../../domain/comments.js';
import { COMMENT_SETTINGS_KEY, commentSettingsSchema } from '../../domain/comments.schema.js';
import { isClosedByAge } from '../comments/comment-rules.js';
import { findCommentTarget } from '../comments/comment-targets.js';
import { addComment, deleteRemoteComment, editRemoteComment, isCommentsOff } from '../comments/comments-repository.js';
import type { AppDatabase } from '../db/connection.js';
import { isBlocked } from './blocks-repository.js';
import { FixedWindowLimiter } from '../site/rate-limit/fixed-window-limiter.js';
import { readSettings } from '../site/settings/site-settings-repository.js';
import { noteHtmlToCommentMarkdown, remoteDisplayName } from './note-text.js';

/** Replies stored per remote server and minute (in this process); what comes beyond is dropped. */
export const REPLIES_PER_SERVER_PER_MINUTE = 30;

export type InboxReplyOptions = {
  db: AppDatabase;
  /** Clears the public pages' cache (an approved reply edited or removed). */
  publicChanged: () => void;
};

/** The post an address of ours names (`/ap/posts/<id>`), or null. */
export function postOfArticleUri(ctx: Context<void>, uri: URL | null): string | null {
  const parsed = ctx.parseUri(uri);
  return parsed?.type === 'object' && parsed.class === Article ? (parsed.values.id ?? null) : null;
}

/** What a reply can hang under: a post (`/ap/posts/<id>`) or an excerpt (`/ap/excerpts/<id>`), or null. */
function commentTargetOfUri(ctx: Context<void>, uri: URL | null): { kind: CommentTargetKind; id: string } | null {
  const parsed = ctx.parseUri(uri);
  if (parsed?.type !== 'object' || !parsed.values.id) return null;
  if (parsed.class === Article) return { kind: 'post', id: parsed.values.id };
  if (parsed.class === Note) return { kind: 'excerpt', id: parsed.values.id };
  return null;
}

const webAddress = (url: URL | null | undefined): string | null =>
  url && (url.protocol === 'https:' || url.protocol === 'http:') ? url.href : null;

/** Where a Note is read on its own server (its `url`, else its id). */
function noteLink(note: Note): string | null {
  const url = note.url;
  return webAddress(url instanceof Link ? url.href : url) ?? webAddress(note.id);
}

/** The Note an activity carries, written by the activity's own actor; null otherwise. */
async function ownNote(ctx: Context<void>, activity: Create | Update): Promise<Note | null> {
  const object = await activity
    .getObject({ documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader, crossOrigin: 'ignore' })
    .catch(() => null);
  if (!(object instanceof Note) || !object.id || !activity.actorId) return null;
  const author = object.attributionId;
  return author === null || author.href === activity.actorId.href ? object : null;
}

/**
 * The fediverse's side of comments (docs/fediverse.md): a `Create` of a `Note` in reply to a published post's
 * `Article` (or an excerpt's `Note`) becomes a comment under it, held for the author's approval, with the account's name, its server and
 * a link back to the Note; an `Update` of the Note edits it, a `Delete` removes it (only from the account that wrote
 * it). A reply to anything else (a draft, an unknown object, a post with comments off or closed) is dropped, as is
 * what a server sends beyond REPLIES_PER_SERVER_PER_MINUTE.
 */
export class InboxReplies {
  private readonly perServer = new FixedWindowLimiter(REPLIES_PER_SERVER_PER_MINUTE, 60_000);

  constructor(private readonly options: InboxReplyOptions) {}

  async create(ctx: Context<void>, create: Create): Promise<void> {
    const { db } = this.options;
    const actorId = create.actorId;
    if (!actorId || !create.objectId) return;
    const note = await ownNote(ctx, create);
    if (!note?.id) return;
    const replyTo = commentTargetOfUri(ctx, note.replyTargetId);
    if (!replyTo) return;
    const target = await findCommentTarget(db, replyTo.kind, replyTo.id);
    if (!target || (await isCommentsOff(db, replyTo.kind, replyTo.id))) return;
    const settings = await readSettings(db, COMMENT_SETTINGS_KEY, commentSettingsSchema);
    if (isClosedByAge(target, settings, Date.now())) return;
    if (!this.perServer.take(actorId.host).allowed) return;
    const body = noteHtmlToCommentMarkdown(note.content?.toString() ?? '');
    if (body === '') return;
    const actor = await create
      .getActor({ documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader })
      .catch(() => null);
    if (!actor || !isActor(actor) || actor.id?.href !== actorId.href) return;
    const username = actor.preferredUsername?.toString().slice(0, 100) ?? 'someone';
    if (await isBlocked(db, actorId, `@${username}@${actorId.host}`)) return;
    await addComment(db, {
      targetKind: replyTo.kind,
      targetId: replyTo.id,
      origin: 'fediverse',
      remoteAuthor: {
        name: remoteDisplayName(actor.name?.toString(), `@${username}`),
        server: actorId.host,
        url: noteLink(note),
      },
      remoteId: note.id.href,
      remoteActorId: actorId.href,
      body,
      status: 'held',
    });
  }

  async update(ctx: Context<void>, update: Update): Promise<void> {
    const note = await ownNote(ctx, update);
    if (!note?.id || !update.actorId) return;
    const body = noteHtmlToCommentMarkdown(note.content?.toString() ?? '');
    if (body === '') return;
    const status = await editRemoteComment(this.options.db, {
      remoteId: note.id.href,
      remoteActorId: update.actorId.href,
      body,
    });
    if (status === 'approved') this.options.publicChanged();
  }

  /** A `Delete` names the Note by its id or carries its `Tombstone`: never fetched (it is gone). */
  async delete(_ctx: Context<void>, activity: Delete): Promise<void> {
    if (!activity.actorId || !activity.objectId) return;
    const status = await deleteRemoteComment(this.options.db, activity.objectId.href, activity.actorId.href);
    if (status === 'approved') this.options.publicChanged();
  }
}
