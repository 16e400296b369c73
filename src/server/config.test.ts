import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, WORKERS_REPLACED } from './config.js';

const load = (env: Record<string, string>) => loadConfig(env, null);

/** The ConfigError thrown for this environment. */
function configErrorFor(env: Record<string, string>): ConfigError {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has sensible defaults', () => {
    expect(load({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: null,
      adminPassword: undefined,
      seedDemo: true,
      publicRateLimits: true,
      analytics: true,
      logLevel: 'info',
      trustProxy: false,
      backup: { dir: path.resolve('./data/backups'), everyMs: 86_400_000, keep: 14 },
      publicUrl: null,
      mail: { smtpUrl: null, from: { name: 'The Cinderwake Cycle', address: 'newsletter@localhost' } },
      notices: [],
      mailRate: 60,
      searchTimeoutMs: 250,
      authorEmail: null,
      dnsServers: null,
      mailEvents: {
        sesTopicArns: [],
        postmarkAuth: null,
        mailgunSigningKey: null,
        sendgridPublicKey: null,
        brevoToken: null,
        softBounceLimit: 3,
      },
      sales: { stripe: null, lemonsqueezy: null, payhip: null, shopify: null },
      bounces: { smtpPort: null, smtpHost: '0.0.0.0', address: 'bounces@localhost' },
      signupAbuse: {
        caps: { perHour: 100, perDomainPerHour: 30, unverifiedPerHour: 10, perNetworkPerHour: 5 },
        challengeAlwaysOn: false,
      },
      clientDir: null,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: '/tmp/site',
        ADMIN_PASSWORD: 'Long-enough1!',
        SEED_DEMO: '0',
        RATE_LIMITS: 'off',
        ANALYTICS: 'off',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '10.0.0.1, 10.0.0.2',
        BACKUP_DIR: '/tmp/site-backups',
        BACKUP_EVERY: '6h',
        BACKUP_KEEP: '3',
        PUBLIC_URL: 'https://delphinerook.com/',
        SMTP_URL: 'smtps://mailer:p%40ss@smtp.relay.example:465',
        MAIL_FROM: '"Delphine Rook" <news@delphinerook.com>',
        DATABASE_URL: 'postgres://site:secret@db.internal:5432/site',
        WORKERS: '4',
        MAIL_RATE: '120',
        AUTHOR_EMAIL: 'delphine@delphinerook.com',
        DNS_SERVERS: '127.0.0.53, 192.0.2.1:5353,[2001:db8::53]:53',
        BOUNCE_SMTP_PORT: '2525',
        CONFIRMATIONS_PER_HOUR: '250',
        CONFIRMATIONS_PER_DOMAIN_PER_HOUR: '40',
        CONFIRMATIONS_WITHOUT_CHALLENGE_PER_HOUR: '5',
        CONFIRMATIONS_PER_NETWORK_PER_HOUR: '8',
        SIGNUP_CHALLENGE: 'on',
        SEARCH_TIMEOUT_MS: '400',
      },
      '/srv/client',
    );
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/site',
      databaseUrl: 'postgres://site:secret@db.internal:5432/site',
      adminPassword: 'Long-enough1!',
      seedDemo: false,
      publicRateLimits: false,
      analytics: false,
      logLevel: 'warn',
      trustProxy: ['10.0.0.1', '10.0.0.2'],
      backup: { dir: '/tmp/site-backups', everyMs: 6 * 3_600_000, keep: 3 },
      publicUrl: 'https://delphinerook.com',
      mail: {
        smtpUrl: 'smtps://mailer:p%40ss@smtp.relay.example:465',
        from: { name: 'Delphine Rook', address: 'news@delphinerook.com' },
      },
      notices: [WORKERS_REPLACED],
      mailRate: 120,
      searchTimeoutMs: 400,
      authorEmail: 'delphine@delphinerook.com',
      dnsServers: ['127.0.0.53', '192.0.2.1:5353', '[2001:db8::53]:53'],
      mailEvents: {
        sesTopicArns: [],
        postmarkAuth: null,
        mailgunSigningKey: null,
        sendgridPublicKey: null,
        brevoToken: null,
        softBounceLimit: 3,
      },
      sales: { stripe: null, lemonsqueezy: null, payhip: null, shopify: null },
      bounces: { smtpPort: 2525, smtpHost: '0.0.0.0', address: 'bounces@delphinerook.com' },
      signupAbuse: {
        caps: { perHour: 250, perDomainPerHour: 40, unverifiedPerHour: 5, perNetworkPerHour: 8 },
        challengeAlwaysOn: true,
      },
      clientDir: '/srv/client',
    });
  });

  it.each([
    [{ SEED_DEMO: 'true' }, true],
    [{ SEED_DEMO: '1' }, true],
    [{ SEED_DEMO: 'false' }, false],
  ])('reads SEED_DEMO %j', (env, seedDemo) => {
    expect(load(env).seedDemo).toBe(seedDemo);
  });

  it.each([
    ['30m', 30 * 60_000],
    ['1h', 3_600_000],
    ['6H', 6 * 3_600_000],
    ['1d', 86_400_000],
    ['off', null],
  ])('reads BACKUP_EVERY=%s', (value, everyMs) => {
    expect(load({ BACKUP_EVERY: value }).backup.everyMs).toBe(everyMs);
  });

  it('keeps backups under DATA_DIR unless BACKUP_DIR says otherwise', () => {
    expect(load({ DATA_DIR: '/srv/data' }).backup.dir).toBe('/srv/data/backups');
  });

  it('treats an empty ADMIN_PASSWORD as unset', () => {
    expect(load({ ADMIN_PASSWORD: '' }).adminPassword).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '80.5' }, 'PORT'],
    [{ RATE_LIMITS: 'maybe' }, 'RATE_LIMITS: must be on or off'],
    [{ ANALYTICS: 'maybe' }, 'ANALYTICS: must be on or off'],
    [{ SEED_DEMO: 'yes' }, 'SEED_DEMO: must be 0 or 1'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL: must be one of'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD: must be at least 8 characters'],
    [{ BACKUP_EVERY: 'daily' }, 'BACKUP_EVERY: must be off or a number with m, h or d'],
    [{ BACKUP_EVERY: '0h' }, 'BACKUP_EVERY'],
    [{ BACKUP_EVERY: '1w' }, 'BACKUP_EVERY'],
    [{ BACKUP_EVERY: '400d' }, 'BACKUP_EVERY'],
    [{ BACKUP_KEEP: '0' }, 'BACKUP_KEEP: must be a whole number from 1 to 1000'],
    [{ BACKUP_KEEP: '2.5' }, 'BACKUP_KEEP'],
    [{ BACKUP_KEEP: 'many' }, 'BACKUP_KEEP'],
    [{ PUBLIC_URL: 'delphinerook.com' }, 'PUBLIC_URL: must be the site’s public origin'],
    [{ PUBLIC_URL: 'ftp://delphinerook.com' }, 'PUBLIC_URL: must be the site’s public origin'],
    [{ PUBLIC_URL: 'https://delphinerook.com/blog' }, 'PUBLIC_URL: must be the site’s public origin'],
    [{ PUBLIC_URL: 'https://user:pw@delphinerook.com' }, 'PUBLIC_URL: must be the site’s public origin'],
    [{ SMTP_URL: 'smtp.relay.example:587' }, 'SMTP_URL: must be smtp://'],
    [{ SMTP_URL: 'https://smtp.relay.example' }, 'SMTP_URL: must be smtp://'],
    [{ SMTP_URL: 'smtp://' }, 'SMTP_URL: must be smtp://'],
    [{ SMTP_URL: 'smtp://relay.example:587' }, 'MAIL_FROM: is required when SMTP_URL is set'],
    [{ MAIL_FROM: 'Delphine Rook' }, 'MAIL_FROM: must be an address or Name <address>'],
    [{ MAIL_FROM: 'Delphine <news@example.com' }, 'MAIL_FROM: must be an address or Name <address>'],
    [{ MAIL_FROM: 'news@example.com\r\nBcc: all@example.com' }, 'MAIL_FROM: must be an address'],
    [{ MAIL_FROM: 'a@b@example.com' }, 'MAIL_FROM: must be an address'],
    [{ DATABASE_URL: 'mysql://site@db.internal/site' }, 'DATABASE_URL: must be a PostgreSQL URL'],
    [{ DATABASE_URL: 'postgres://db.internal:5432/' }, 'DATABASE_URL: must be a PostgreSQL URL'],
    [{ DATABASE_URL: 'db.internal:5432/site' }, 'DATABASE_URL: must be a PostgreSQL URL'],
    [{ MAIL_RATE: 'fast' }, 'MAIL_RATE: must be a number of messages per minute'],
    [{ CONFIRMATIONS_PER_HOUR: '0' }, 'CONFIRMATIONS_PER_HOUR: must be a whole number from 1 to 100000'],
    [{ SEARCH_TIMEOUT_MS: '0' }, 'SEARCH_TIMEOUT_MS: must be a whole number from 1 to 60000'],
    [{ CONFIRMATIONS_PER_DOMAIN_PER_HOUR: 'lots' }, 'CONFIRMATIONS_PER_DOMAIN_PER_HOUR: must be a whole number'],
    [{ SIGNUP_CHALLENGE: 'yes' }, 'SIGNUP_CHALLENGE: must be off or on'],
    [{ MAIL_RATE: '-5' }, 'MAIL_RATE: must be a number of messages per minute'],
    [{ MAIL_RATE: '2.5' }, 'MAIL_RATE: must be a number of messages per minute'],
    [{ MAIL_RATE: '1000001' }, 'MAIL_RATE: must be a number of messages per minute'],
    [{ AUTHOR_EMAIL: 'Delphine <d@example.com>' }, 'AUTHOR_EMAIL: must be an email address'],
    [{ AUTHOR_EMAIL: 'd@example.com\r\nBcc: x@example.com' }, 'AUTHOR_EMAIL: must be an email address'],
    [{ MAIL_EVENTS_SES_TOPIC_ARNS: 'my-topic' }, 'MAIL_EVENTS_SES_TOPIC_ARNS: must be SNS topic ARNs'],
    [{ MAIL_EVENTS_POSTMARK_AUTH: 'justapassword' }, 'MAIL_EVENTS_POSTMARK_AUTH: must be user:password'],
    [{ MAIL_EVENTS_MAILGUN_SIGNING_KEY: 'short' }, 'MAIL_EVENTS_MAILGUN_SIGNING_KEY: must be at least 16 characters'],
    [
      { MAIL_EVENTS_SENDGRID_PUBLIC_KEY: 'A'.repeat(60) },
      "MAIL_EVENTS_SENDGRID_PUBLIC_KEY: must be the Event Webhook's",
    ],
    [{ MAIL_EVENTS_BREVO_TOKEN: 'short' }, 'MAIL_EVENTS_BREVO_TOKEN: must be at least 16 characters'],
    [{ MAIL_SOFT_BOUNCE_LIMIT: '0' }, 'MAIL_SOFT_BOUNCE_LIMIT'],
    [{ BOUNCE_SMTP_PORT: '70000' }, 'BOUNCE_SMTP_PORT'],
    [{ BOUNCE_ADDRESS: 'bounces+x@example.com' }, 'BOUNCE_ADDRESS'],
    [{ DNS_SERVERS: 'dns.google' }, 'DNS_SERVERS: must be DNS server addresses'],
    [{ DNS_SERVERS: '127.0.0.1:70000' }, 'DNS_SERVERS: must be DNS server addresses'],
    [{ DNS_SERVERS: '127.0.0.1,,' }, 'DNS_SERVERS: must be DNS server addresses'],
  ])('names the invalid variable in %j', (env, expected) => {
    expect(configErrorFor(env).message).toContain(expected);
  });

  it.each([
    ['news@example.com', { name: null, address: 'news@example.com' }],
    ['Delphine Rook <news@example.com>', { name: 'Delphine Rook', address: 'news@example.com' }],
    ['  <news@example.com> ', { name: null, address: 'news@example.com' }],
  ])('reads MAIL_FROM %j', (value, from) => {
    expect(load({ MAIL_FROM: value }).mail.from).toEqual(from);
  });

  it('accepts postgresql:// as well as postgres://, and an empty DATABASE_URL means SQLite', () => {
    expect(load({ DATABASE_URL: 'postgresql://127.0.0.1/site' }).databaseUrl).toBe('postgresql://127.0.0.1/site');
    expect(load({ DATABASE_URL: '' }).databaseUrl).toBeNull();
  });

  it.each(['1', '2', 'auto', '', 'two', '0'])(
    'starts with WORKERS=%j from an old .env, with one notice saying what replaced it',
    (value) => {
      const config = load({ WORKERS: value });
      expect(config.notices).toEqual([WORKERS_REPLACED]);
      expect(WORKERS_REPLACED).not.toContain('\n');
      expect(WORKERS_REPLACED).toMatch(
        /^WORKERS is no longer used: .*several instances on one PostgreSQL .*docs\/scaling\.md/,
      );
    },
  );

  it('has no notice when WORKERS is not set', () => {
    expect(load({}).notices).toEqual([]);
  });

  it.each([
    ['unlimited', null],
    ['UNLIMITED', null],
    ['0', null],
    ['1', 1],
    [' 600 ', 600],
  ])('reads MAIL_RATE %j', (value, rate) => {
    expect(load({ MAIL_RATE: value }).mailRate).toBe(rate);
  });

  it('lists every invalid variable at once', () => {
    const { message } = configErrorFor({ PORT: 'x', RATE_LIMITS: 'x', SEED_DEMO: 'x' });
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/RATE_LIMITS/);
    expect(message).toMatch(/SEED_DEMO/);
  });
});
