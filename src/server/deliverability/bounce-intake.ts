import type { AddressInfo } from 'node:net';
import type * as smtpServer from 'smtp-server';
import type { SMTPServer, SMTPServerAddress, SMTPServerDataStream, SMTPServerSession } from 'smtp-server';
import type { AppDatabase } from '../db/connection.js';
import type { Job } from '../operations/jobs/job-runner.js';
import { applyMailEvents } from './apply-mail-events.js';
import type { BounceConfig } from './bounce-config.js';
import { readDeliveryReport, verdictOf } from './delivery-reports.js';
import { IntakeSlots, SLOT_LIMITS } from './intake-slots.js';
import { lazyModule } from '../lazy-module.js';
import { findReturnPath, pruneReturnPaths, RETURN_PATH_KEEP_DAYS, tokenOfRecipient } from './return-paths.js';

/** A DSN or an abuse report with the original message attached is rarely over 100 KB. */
const BOUNCE_MESSAGE_LIMIT = 2 * 1024 * 1024;
/** smtp-server (about 20 MB of memory) loads when the bounce intake starts: a site without one never needs it. */
const loadSmtpServer = lazyModule<typeof smtpServer>('smtp-server');

/** Messages one connection may deliver; then it is told to come back later. */
export const MESSAGES_PER_CONNECTION = 20;
/** How often idle connections are looked for (SLOT_LIMITS.idleMs decides which). */
const IDLE_SWEEP_MS = 1_000;
const DAY_MS = 86_400_000;

type Log = {
  info: (fields: object, message: string) => void;
  warn: (fields: object, message: string) => void;
  error: (fields: object, message: string) => void;
};

export type BounceIntakeOptions = {
  db: AppDatabase;
  config: BounceConfig;
  softBounceLimit: number;
  log: Log;
};

export type BounceIntake = { port: number; close: () => Promise<void> };

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/** What one delivered message did: for the log and the tests. */
type Outcome = 'applied' | 'not-a-report' | 'no-change' | 'unknown-token';

async function handleReport(options: BounceIntakeOptions, raw: Buffer, rcptTokens: string[]): Promise<Outcome> {
  const report = await readDeliveryReport(raw);
  if (!report) return 'not-a-report';
  const verdict = verdictOf(report);
  if (!verdict) return 'no-change';
  // The token the message was sent with: the recipient's (VERP), else (an abuse report sent to the
  // plain address) the original's envelope sender or Return-Path.
  const embedded = [report.type === 'feedback-report' ? report.originalMailFrom : '', report.originalReturnPath].map(
    (address) => tokenOfRecipient(address, options.config.address),
  );
  const token = [...rcptTokens, ...embedded].find((found): found is string => !!found);
  const sent = token ? await findReturnPath(options.db, token) : null;
  if (!sent) {
    options.log.warn({ token: token ?? null, kind: verdict.kind }, 'bounce intake: unknown or forged token, ignored');
    return 'unknown-token';
  }
  const event = {
    email: sent.email,
    kind: verdict.kind,
    messageId: sent.messageId,
    detail: verdict.detail,
    eventId: null,
  };
  await applyMailEvents(options.db, [event], options.softBounceLimit);
  options.log.info({ email: sent.email, kind: verdict.kind }, 'bounce intake: report applied');
  return 'applied';
}

/** An admitted connection: the messages it delivered, and the tokens of the current message's recipients. */
type SessionState = { messages: number; tokens: string[] };

/** What the SMTP handlers share: the admitted sessions, their slots, and the server whose connections they are. */
type Intake = {
  options: BounceIntakeOptions;
  sessions: Map<string, SessionState>;
  slots: IntakeSlots;
  /** Where a session that lost its slot is found to be closed; null only until the server is made. */
  server: SMTPServer | null;
};

type Done = (err?: Error | null) => void;
type DataDone = (err?: Error | null, message?: string) => void;

/** Closes a session that lost its slot (idle, or evicted for a newcomer) with a 421. */
function closeSession(intake: Intake, id: string, message: string): void {
  intake.sessions.delete(id);
  intake.slots.release(id);
  for (const connection of intake.server?.connections ?? []) {
    if (connection.id !== id) continue;
    connection.send(421, message);
    connection.close();
  }
}

/** A new connection gets a slot (an idle connection may lose its own to it), or a 421. */
function admitSession(intake: Intake, session: SMTPServerSession, callback: Done): void {
  const admission = intake.slots.admit(session.id, session.remoteAddress, Date.now());
  if (!admission.admitted)
    return callback(
      smtpError(
        421,
        admission.reason === 'full'
          ? 'Too many connections: try again later'
          : 'Too many connections from your address',
      ),
    );
  if (admission.evict) closeSession(intake, admission.evict, 'Idle too long: closing to make room');
  intake.sessions.set(session.id, { messages: 0, tokens: [] });
  callback();
}

/** A closed connection frees its slot. */
function releaseSession(intake: Intake, session: SMTPServerSession): void {
  intake.sessions.delete(session.id);
  intake.slots.release(session.id);
}

/** MAIL FROM starts a message: at most MESSAGES_PER_CONNECTION on one connection. */
function startMessage(intake: Intake, session: SMTPServerSession, callback: Done): void {
  const state = intake.sessions.get(session.id);
  if (!state || state.messages >= MESSAGES_PER_CONNECTION)
    return callback(smtpError(421, 'Too many messages on one connection: try again later'));
  state.tokens = [];
  intake.slots.progress(session.id, Date.now(), true);
  callback();
}

/** RCPT TO: the bounce address only (its token kept for the message), at most 10 recipients. */
function acceptRecipient(intake: Intake, address: SMTPServerAddress, session: SMTPServerSession, callback: Done): void {
  const token = tokenOfRecipient(address.address, intake.options.config.address);
  if (token === null) return callback(smtpError(550, 'No such recipient here'));
  const state = intake.sessions.get(session.id);
  if (state && state.tokens.length >= 10) return callback(smtpError(452, 'Too many recipients'));
  state?.tokens.push(token);
  intake.slots.progress(session.id, Date.now());
  callback();
}

/** DATA: the message read (kept up to BOUNCE_MESSAGE_LIMIT, refused past it), then recorded as a report. */
function receiveMessage(
  intake: Intake,
  stream: SMTPServerDataStream,
  session: SMTPServerSession,
  callback: DataDone,
): void {
  const state = intake.sessions.get(session.id);
  if (state) state.messages += 1;
  const chunks: Buffer[] = [];
  let size = 0;
  stream.on('data', (chunk: Buffer) => {
    intake.slots.progress(session.id, Date.now());
    size += chunk.length;
    if (size <= BOUNCE_MESSAGE_LIMIT) chunks.push(chunk);
  });
  stream.on('error', () => undefined);
  stream.on('end', () => {
    intake.slots.progress(session.id, Date.now(), false);
    if (stream.sizeExceeded || size > BOUNCE_MESSAGE_LIMIT)
      return callback(smtpError(552, 'Message too large for a bounce'));
    recordAndAnswer(intake.options, Buffer.concat(chunks), state?.tokens ?? [], callback);
  });
}

/** Records a delivered message's report; the sender hears "Received" once it is (or is ignored), a 451 if it failed. */
function recordAndAnswer(options: BounceIntakeOptions, raw: Buffer, tokens: string[], callback: DataDone): void {
  handleReport(options, raw, tokens).then(
    (outcome) => {
      if (outcome === 'not-a-report')
        options.log.info({ size: raw.length }, 'bounce intake: not a delivery or abuse report, ignored');
      callback(null, 'Received');
    },
    (error: unknown) => {
      options.log.error({ err: error }, 'bounce intake: report could not be recorded');
      callback(smtpError(451, 'Could not record the report: try again later'));
    },
  );
}

/** The intake's SMTP server: no AUTH or STARTTLS, bounce-sized messages, sockets bounded, the handlers above. */
function createSmtpServer(intake: Intake): SMTPServer {
  return new (loadSmtpServer().SMTPServer)({
    banner: 'bounce intake',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    hideSTARTTLS: true,
    disableReverseLookup: true,
    size: BOUNCE_MESSAGE_LIMIT,
    // Sockets at once, before admission: room for a newcomer to take an idle connection's slot.
    maxClients: SLOT_LIMITS.inAll * 2,
    socketTimeout: SLOT_LIMITS.idleMs,
    closeTimeout: 5_000,
    logger: false,
    onConnect: (session, callback) => admitSession(intake, session, callback),
    onClose: (session) => releaseSession(intake, session),
    onMailFrom: (_address, session, callback) => startMessage(intake, session, callback),
    onRcptTo: (address, session, callback) => acceptRecipient(intake, address, session, callback),
    onData: (stream, session, callback) => receiveMessage(intake, stream, session, callback),
  });
}

/** Listens on BOUNCE_SMTP_PORT (any free port when unset); the port it got. */
async function listenOn(server: SMTPServer, config: BounceConfig): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(config.smtpPort ?? 0, config.smtpHost, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  return (server.server.address() as AddressInfo).port;
}

/**
 * The SMTP listener that receives the bounces (DSNs) and abuse reports (ARF) addressed to the
 * return path `bounces+<token>@` (docs/mail.md, Bounces and complaints by mail). It accepts mail for the
 * bounce address only, reads each report and records it the way provider events are recorded.
 */
export async function startBounceIntake(options: BounceIntakeOptions): Promise<BounceIntake> {
  const { config, log } = options;
  const intake: Intake = { options, sessions: new Map(), slots: new IntakeSlots(SLOT_LIMITS), server: null };
  const server = createSmtpServer(intake);
  intake.server = server;
  server.on('error', (error) => log.warn({ err: error }, 'bounce intake: connection error'));
  const port = await listenOn(server, config);
  // NOOPs and RSETs keep a socket alive, not a slot: a connection that delivers nothing is closed.
  const sweep = setInterval(() => {
    for (const id of intake.slots.idle(Date.now())) closeSession(intake, id, 'Idle too long: closing');
  }, IDLE_SWEEP_MS);
  sweep.unref();
  log.info({ port, address: config.address }, 'bounce intake listening');
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(sweep);
        server.close(() => resolve());
      }),
  };
}

/**
 * Return paths older than RETURN_PATH_KEEP_DAYS are pruned once a day, one instance at a time: a job of the
 * site's JobRunner (site-jobs.ts).
 */
export function returnPathPruningJob(db: AppDatabase): Job {
  return {
    name: 'return-path pruning',
    oneInstance: true,
    firstRunAfterMs: 30_000,
    everyMs: DAY_MS,
    run: async () => {
      await pruneReturnPaths(db, new Date(Date.now() - RETURN_PATH_KEEP_DAYS * DAY_MS));
    },
  };
}

/** Starts the intake (serve.ts, once the site listens); a port it cannot open is logged, not fatal. */
export function startBounceIntakeJob(options: BounceIntakeOptions): () => Promise<void> {
  const started = startBounceIntake(options).catch((error: unknown) => {
    options.log.error(
      { err: error, port: options.config.smtpPort },
      'bounce intake: could not listen on BOUNCE_SMTP_PORT; bounces by mail are not received',
    );
    return null;
  });
  return async () => {
    await (await started)?.close();
  };
}
