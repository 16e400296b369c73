import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFederation, generateCryptoKeyPair, MemoryKvStore, type Context, type Federation } from '@fedify/fedify';
import {
  Accept,
  type Activity,
  Create,
  Delete,
  Endpoints,
  Follow,
  Move,
  Person,
  Reject,
  Update,
  isActor,
  type Object as APObject,
} from '@fedify/vocab';

/** An activity the remote server's inbox took: Fedify there verified its signature with the sender's published key. */
type ReceivedActivity = {
  type: string;
  id: string | null;
  actor: string | null;
  object: APObject | null;
  /** A Move's new account. */
  target: string | null;
};

export type FediverseRemote = {
  origin: string;
  port: number;
  /** The remote account, `reader` on this server. */
  actorUri: URL;
  federation: Federation<void>;
  context: () => Context<void>;
  received: ReceivedActivity[];
  keyPairs: CryptoKeyPair[];
  /** `as` (reader by default) follows the actor at `actorUri` with a signed Follow; returns the Follow's id. */
  follow: (actorUri: string, as?: string) => Promise<URL>;
  close: () => Promise<void>;
};

/**
 * A stand-in for a Mastodon server on 127.0.0.1: another Fedify instance (keys, WebFinger, an inbox that checks
 * HTTP Signatures as Mastodon does) with one account, `reader`, and the `others` given (identifier → display name;
 * they share reader's key), each with the `aliases` (`alsoKnownAs`: actor addresses, or paths on this server) given. Private addresses are
 * allowed only here, in tests.
 */
export async function startFediverseRemote(
  others: Record<string, string> = {},
  aliases: Record<string, string[]> = {},
): Promise<FediverseRemote> {
  const names = new Map<string, string>([['reader', 'A Reader'], ...Object.entries(others)]);
  const keyPairs = [await generateCryptoKeyPair('RSASSA-PKCS1-v1_5')];
  const received: ReceivedActivity[] = [];
  const federation = createFederation<void>({ kv: new MemoryKvStore(), allowPrivateAddress: true });
  federation
    .setActorDispatcher('/users/{identifier}', async (ctx, identifier) => {
      const name = names.get(identifier);
      if (name === undefined) return null;
      const keys = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        name,
        url: new URL(`/@${identifier}`, ctx.origin),
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: keys[0]!.cryptographicKey,
        aliases: (aliases[identifier] ?? []).map((alias) => new URL(alias, ctx.origin)),
      });
    })
    .setKeyPairsDispatcher((_ctx, identifier) => (names.has(identifier) ? keyPairs : []));
  const record = async (ctx: Context<void>, activity: Activity) => {
    received.push({
      type: activity.constructor.name,
      id: activity.id?.href ?? null,
      actor: activity.actorId?.href ?? null,
      object: await activity.getObject(ctx).catch(() => null),
      target: activity.targetId?.href ?? null,
    });
  };
  federation
    .setInboxListeners('/users/{identifier}/inbox', '/inbox')
    .on(Accept, record)
    .on(Reject, record)
    .on(Create, record)
    .on(Update, record)
    .on(Delete, record)
    .on(Move, record);

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = chunks.length > 0 ? new Uint8Array(Buffer.concat(chunks)) : null;
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers))
        if (typeof value === 'string') headers.set(name, value);
      const webRequest = new Request(new URL(request.url ?? '/', origin), {
        method: request.method ?? 'GET',
        headers,
        body: request.method === 'GET' || request.method === 'HEAD' ? null : body,
      });
      void federation.fetch(webRequest, { contextData: undefined }).then(async (answer) => {
        response.writeHead(answer.status, Object.fromEntries(answer.headers));
        response.end(Buffer.from(await answer.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const context = () => federation.createContext(new URL(origin), undefined);
  let follows = 0;
  const follow = async (actorUri: string, as = 'reader') => {
    const id = new URL(`${origin}/follows/${as}-${++follows}`);
    const target = await context().lookupObject(actorUri);
    if (!target || !isActor(target)) throw new Error(`no actor at ${actorUri}`);
    await context().sendActivity(
      { identifier: as },
      target,
      new Follow({ id, actor: context().getActorUri(as), object: target.id }),
    );
    return id;
  };
  return {
    origin,
    port,
    actorUri: context().getActorUri('reader'),
    federation,
    context,
    received,
    keyPairs,
    follow,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
