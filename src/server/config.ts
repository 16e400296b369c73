import { DEFAULT_SEARCH_TIMEOUT_MS } from './content/search/search-timeout.js';
import { isIP } from 'node:net';
import { salesConfigFrom, salesEnvShape, type SalesConfig } from './sales/sales-config.js';
import { bounceConfigFrom, bounceEnvShape, type BounceConfig } from './deliverability/bounce-config.js';
import path from 'node:path';
import { z } from 'zod';
import {
  mailEventsConfigFrom,
  mailEventsEnvShape,
  type MailEventsConfig,
} from './deliverability/mail-events-config.js';
import {
  authorEmailSchema,
  mailFromSchema,
  mailRateSchema,
  OUTBOX_SENDER,
  smtpUrlSchema,
  type MailConfig,
} from './newsletter/mail/mail-config.js';
import {
  signupAbuseConfigFrom,
  signupAbuseEnvShape,
  type SignupAbuseConfig,
} from './newsletter/signup-abuse/signup-abuse-config.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const INTERVAL_UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const MAX_BACKUP_INTERVAL_MS = 365 * INTERVAL_UNIT_MS.d;

/** `30m`, `6h`, `1d`… as milliseconds, `off` as null; undefined when the text is neither. */
function parseBackupInterval(text: string): number | null | undefined {
  if (text === 'off') return null;
  const match = /^(\d{1,6})(m|h|d)$/.exec(text);
  if (!match) return undefined;
  const ms = Number(match[1]) * INTERVAL_UNIT_MS[match[2] as keyof typeof INTERVAL_UNIT_MS];
  return ms > 0 && ms <= MAX_BACKUP_INTERVAL_MS ? ms : undefined;
}

/**
 * Said once at start when an old `.env` or environment still sets WORKERS (the node:cluster mode,
 * removed): the site runs as one process, and grows by instances on one PostgreSQL.
 */
export const WORKERS_REPLACED =
  'WORKERS is no longer used: the site runs as one process; to use more cores or machines, run several instances on one PostgreSQL database (DATABASE_URL), see docs/scaling.md. Remove WORKERS from your .env.';

/** The origin of an absolute http(s) URL that names nothing but its origin; null otherwise. */
function originOf(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  return (url.protocol === 'https:' || url.protocol === 'http:') && bare ? url.origin : null;
}

/** True for a postgres:// (or postgresql://) URL naming a host and a database. */
function isPostgresUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const database = decodeURIComponent(url.pathname.slice(1));
  return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '' && database !== '';
}

/** DNS_SERVERS: comma-separated `ip`, `ip:port` or `[ipv6]:port`, for the sender check; unset: the system's resolvers. */
const dnsServersSchema = z
  .string()
  .trim()
  .optional()
  .transform((value, context) => {
    if (!value) return null;
    const servers = value.split(',').map((server) => server.trim());
    const valid = servers.every((server) => {
      const match = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(server) ?? /^([^:]+)(?::(\d{1,5}))?$/.exec(server);
      const host = match?.[1] ?? server;
      const port = match?.[2] === undefined ? 53 : Number(match[2]);
      return isIP(host) !== 0 && port >= 1 && port <= 65535;
    });
    if (!valid) {
      context.addIssue({ code: 'custom', message: 'must be DNS server addresses, e.g. 127.0.0.53 or 192.0.2.1:5353' });
      return z.NEVER;
    }
    return servers;
  });

/** Every environment variable the server reads, validated once at start-up. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  ADMIN_PASSWORD: z
    .string()
    .min(8, 'must be at least 8 characters')
    .max(256, 'must be at most 256 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SEED_DEMO: z.enum(['0', '1', 'true', 'false'], { error: 'must be 0 or 1' }).default('1'),
  RATE_LIMITS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  SEARCH_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a whole number from 1 to 60000' })
    .int('must be a whole number from 1 to 60000')
    .min(1, 'must be a whole number from 1 to 60000')
    .max(60_000, 'must be a whole number from 1 to 60000')
    .default(DEFAULT_SEARCH_TIMEOUT_MS),
  ANALYTICS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((value): boolean | string[] =>
      value === 'true' ? true : value === 'false' || value === '' ? false : value.split(',').map((part) => part.trim()),
    ),
  BACKUP_DIR: z.string().trim().optional(),
  BACKUP_EVERY: z
    .string()
    .trim()
    .toLowerCase()
    .default('1d')
    .transform((value, ctx) => {
      const ms = parseBackupInterval(value);
      if (ms !== undefined) return ms;
      ctx.addIssue({ code: 'custom', message: 'must be off or a number with m, h or d (e.g. 6h, 1d), at most 365d' });
      return z.NEVER;
    }),
  BACKUP_KEEP: z.coerce
    .number({ error: 'must be a whole number from 1 to 1000' })
    .int('must be a whole number from 1 to 1000')
    .min(1, 'must be a whole number from 1 to 1000')
    .max(1000, 'must be a whole number from 1 to 1000')
    .default(14),
  PUBLIC_URL: z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      if (!value) return null;
      const origin = originOf(value);
      if (!origin) {
        context.addIssue({ code: 'custom', message: 'must be the site’s public origin, e.g. https://example.com' });
        return z.NEVER;
      }
      return origin;
    }),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      if (!value) return null;
      if (!isPostgresUrl(value)) {
        context.addIssue({
          code: 'custom',
          message: 'must be a PostgreSQL URL, e.g. postgres://site:password@127.0.0.1:5432/site (or unset for SQLite)',
        });
        return z.NEVER;
      }
      return value;
    }),
  /** Removed (see WORKERS_REPLACED): any value is accepted, and answered by a start-up notice. */
  WORKERS: z.string().optional(),
  SMTP_URL: smtpUrlSchema,
  MAIL_FROM: mailFromSchema,
  MAIL_RATE: mailRateSchema,
  AUTHOR_EMAIL: authorEmailSchema,
  DNS_SERVERS: dnsServersSchema,
  ...mailEventsEnvShape,
  ...salesEnvShape,
  ...bounceEnvShape,
  ...signupAbuseEnvShape,
  NODE_ENV: z.string().optional(),
});

/** A relay needs a real sender address; the outbox alone can do with a placeholder. */
const checkedEnvSchema = envSchema.superRefine((vars, context) => {
  if (vars.SMTP_URL && !vars.MAIL_FROM)
    context.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'is required when SMTP_URL is set' });
});

export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection URL (DATABASE_URL); null: the SQLite file in DATA_DIR. */
  databaseUrl: string | null;
  adminPassword: string | undefined;
  seedDemo: boolean;
  publicRateLimits: boolean;
  /** SEARCH_TIMEOUT_MS: the database time one site search may take on PostgreSQL before it is cut. */
  searchTimeoutMs: number;
  /** ANALYTICS: count page views (cookie-less, see src/server/analytics). */
  analytics: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Fastify's trustProxy: true, or the proxy addresses; set it behind a reverse proxy. */
  trustProxy: boolean | string[];
  backup: {
    /** Where scheduled and downloaded archives are kept (BACKUP_DIR, default DATA_DIR/backups). */
    dir: string;
    /** Time between scheduled backups; null when BACKUP_EVERY=off. */
    everyMs: number | null;
    /** How many archives to keep; older ones are deleted after each new backup. */
    keep: number;
  };
  /** The site's public origin for every absolute link (canonical, feeds, emails); null: the request's Host. */
  publicUrl: string | null;
  /** Outgoing mail: the relay (or none: the outbox) and the sender. */
  mail: MailConfig;
  /** One line each, logged at start: settings that changed meaning (e.g. WORKERS_REPLACED). */
  notices: string[];
  /** MAIL_RATE: queued messages (issues, preorder notices) per minute; null: unlimited. */
  mailRate: number | null;
  /** AUTHOR_EMAIL: where the author's notices go; null: none are sent. */
  authorEmail: string | null;
  /** DNS_SERVERS: the resolvers the sender check asks (`ip` or `ip:port`); null: the system's. */
  dnsServers: string[] | null;
  /** Bounce and complaint events from mail providers (MAIL_EVENTS_*). */
  mailEvents: MailEventsConfig;
  /** Payment providers' webhook secrets from the environment (STRIPE_WEBHOOK_SECRET…); each wins over Settings → Sales. */
  sales: SalesConfig;
  /** Bounces and complaints by mail: the intake's port and the return path (BOUNCE_*). */
  bounces: BounceConfig;
  /** The confirmation emails' hourly caps and the sign-up challenge (CONFIRMATIONS_*, SIGNUP_CHALLENGE). */
  signupAbuse: SignupAbuseConfig;
  /** Directory of the built client (index.html and assets); null when no client is served. */
  clientDir: string | null;
};

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError that names each invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv, clientDir: string | null): AppConfig {
  const parsed = checkedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const vars = parsed.data;
  const dataDir = path.resolve(vars.DATA_DIR);
  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    adminPassword: vars.ADMIN_PASSWORD,
    seedDemo: vars.SEED_DEMO === '1' || vars.SEED_DEMO === 'true',
    publicRateLimits: vars.RATE_LIMITS === 'on',
    searchTimeoutMs: vars.SEARCH_TIMEOUT_MS,
    analytics: vars.ANALYTICS === 'on',
    logLevel: vars.LOG_LEVEL,
    trustProxy: vars.TRUST_PROXY,
    backup: {
      dir: vars.BACKUP_DIR ? path.resolve(vars.BACKUP_DIR) : path.join(dataDir, 'backups'),
      everyMs: vars.BACKUP_EVERY,
      keep: vars.BACKUP_KEEP,
    },
    publicUrl: vars.PUBLIC_URL,
    mail: { smtpUrl: vars.SMTP_URL, from: vars.MAIL_FROM ?? OUTBOX_SENDER },
    notices: vars.WORKERS === undefined ? [] : [WORKERS_REPLACED],
    mailRate: vars.MAIL_RATE,
    authorEmail: vars.AUTHOR_EMAIL,
    dnsServers: vars.DNS_SERVERS,
    mailEvents: mailEventsConfigFrom(vars),
    sales: salesConfigFrom(vars),
    bounces: bounceConfigFrom(vars, vars.MAIL_FROM ?? OUTBOX_SENDER),
    signupAbuse: signupAbuseConfigFrom(vars),
    clientDir,
  };
}
