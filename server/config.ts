/** Settings from the environment, validated once at start-up. */
import { z } from 'zod';
import { TOKEN_RATE_LIMIT_PER_MINUTE } from '../contract/api-tokens.ts';
import { loadStorageConfig, type StorageConfig } from './storage/storage-config.ts';
import { loadOidcProviders, type OidcProviderConfig } from './auth/sso/sso-config.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  COOKIE_SECURE: booleanFlag,
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 24 * 60 * 60),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  LOGIN_RATE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  TRUST_PROXY: booleanFlag,
  DB_POOL_SIZE: z.coerce.number().int().positive().default(10),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).default(120_000),
  SOCKET_IDLE_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
  MIN_FREE_DISK_MB: z.coerce.number().int().min(0).default(64),
  UPLOAD_IN_FLIGHT_BYTES_PER_USER: z.coerce
    .number()
    .int()
    .positive()
    .default(100 * 1024 * 1024),
  IMPORT_PARSE_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  WS_MAX_PER_USER: z.coerce.number().int().positive().default(20),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  COMMAND_BATCHES: z.coerce.number().int().min(1).max(16).default(1),
  ALLOWED_EMAIL_DOMAIN: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  ALLOWED_ORIGINS: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('StockLedger <no-reply@stockledger.local>'),
  INVITE_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().positive().default(TOKEN_RATE_LIMIT_PER_MINUTE),
  LEDGER_SIGNING_KEY: z.string().optional(),
  LEDGER_SEALER: z.enum(['on', 'off']).default('on'),
  LEDGER_CHECKPOINT_SECONDS: z.coerce.number().positive().default(5),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | null;
  dataDir: string;
  adminEmail: string | null;
  adminPassword: string | null;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  cookieSecure: boolean;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  loginRateLimit: number;
  loginRateWindowSeconds: number;
  bodyLimitBytes: number;
  trustProxy: boolean;
  dbPoolSize: number;
  /** PostgreSQL: a statement running longer is cancelled and the request answers 503 (0: no limit). */
  dbStatementTimeoutMs: number;
  /** A request (headers and body) must arrive whole within this time, or the connection is closed. */
  requestTimeoutMs: number;
  /** A connection that sends nothing for this long (a stalled upload, an idle keep-alive) is closed. */
  socketIdleTimeoutMs: number;
  /** Embedded database: changes pause (507) while less than this many MB are free under DATA_DIR (0: off). */
  minFreeDiskMb: number;
  /** Bytes of uploads one person may have arriving at once (per server process); one more is refused with 429. */
  uploadInFlightBytesPerUser: number;
  /** An import file's parse (preview or job) is stopped after this long and the file refused. */
  importParseTimeoutMs: number;
  /** Websockets one person may hold open at once (tabs, devices); one more is refused. */
  wsMaxPerUser: number;
  /** Server processes sharing the port (PostgreSQL only). */
  workers: number;
  /** Command batches one process writes at the same time (PostgreSQL; PGlite writes one). */
  commandBatches: number;
  /** Invitations only to addresses in this domain; null allows any. */
  allowedEmailDomain: string | null;
  /** The address people open in a browser, for links in e-mails; defaults to http://localhost:PORT. */
  publicUrl: string;
  /** Browser origins besides PUBLIC_URL's that may call the API with a session (e.g. Vite's dev server). */
  allowedOrigins: string[];
  smtpUrl: string | null;
  mailFrom: string;
  /** Invitations one person may send an hour. */
  inviteRateLimit: number;
  /** Calls one API token may make a minute, across every process. */
  apiTokenRateLimit: number;
  /** Where files (label imports, request images) are kept: local disk or S3. */
  storage: StorageConfig;
  /** The Ed25519 key that signs checkpoints (PKCS#8 PEM); null keeps it in a file under dataDir. */
  ledgerSigningKey: string | null;
  /** Whether this process takes part in sealing (one process seals at a time whatever this says). */
  ledgerSealer: boolean;
  /** How often the active sealer signs the chain's head when it has grown. */
  ledgerCheckpointSeconds: number;
  /** Single sign-on providers (OIDC_* variables, auth/sso/sso-config.ts); empty: none offered. */
  oidcProviders: OidcProviderConfig[];
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL || null,
    dataDir: e.DATA_DIR,
    adminEmail: e.ADMIN_EMAIL || null,
    adminPassword: e.ADMIN_PASSWORD || null,
    logLevel: e.LOG_LEVEL,
    cookieSecure: e.COOKIE_SECURE,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    loginRateWindowSeconds: e.LOGIN_RATE_WINDOW_SECONDS,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
    dbPoolSize: e.DB_POOL_SIZE,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    socketIdleTimeoutMs: e.SOCKET_IDLE_TIMEOUT_MS,
    minFreeDiskMb: e.MIN_FREE_DISK_MB,
    uploadInFlightBytesPerUser: e.UPLOAD_IN_FLIGHT_BYTES_PER_USER,
    importParseTimeoutMs: e.IMPORT_PARSE_TIMEOUT_MS,
    wsMaxPerUser: e.WS_MAX_PER_USER,
    workers: e.WORKERS,
    commandBatches: e.COMMAND_BATCHES,
    allowedEmailDomain: e.ALLOWED_EMAIL_DOMAIN?.trim().replace(/^@/, '').toLowerCase() || null,
    publicUrl: (e.PUBLIC_URL || `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    allowedOrigins: (e.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    smtpUrl: e.SMTP_URL || null,
    mailFrom: e.MAIL_FROM,
    inviteRateLimit: e.INVITE_RATE_LIMIT,
    apiTokenRateLimit: e.API_TOKEN_RATE_LIMIT,
    storage: loadStorageConfig(env, e.DATA_DIR),
    ledgerSigningKey: e.LEDGER_SIGNING_KEY || null,
    ledgerSealer: e.LEDGER_SEALER === 'on',
    ledgerCheckpointSeconds: e.LEDGER_CHECKPOINT_SECONDS,
    oidcProviders: loadOidcProviders(env),
  };
}
