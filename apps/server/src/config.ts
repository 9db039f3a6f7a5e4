import { isIP } from 'node:net';
import { DEFAULT_TIMELINE_LIMITS, LoginVariantSchema, type TimelineLimits } from '@ks/contract';
import { z } from 'zod';
import { DEFAULT_DATA_DIR, DEFAULT_WEB_DIST } from './paths.ts';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .default(false);
/** A true/false variable with its own default. */
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .default(fallback);
/** A whole number of days, 0–365. */
const days = (fallback: number) => z.coerce.number().int().min(0).max(365).default(fallback);

/** Where the server listens unless HOST says otherwise: this machine only. */
export const DEFAULT_HOST = '127.0.0.1';

/** Whether a listen address reaches this machine only (the start-up message then says how to open it). */
export const isLoopbackHost = (host: string): boolean =>
  host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));

/** proxy-addr's names for ranges; a deployment behind nginx on the same host writes `loopback`. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a CIDR (`10.0.0.0/8`, `fd00::/8`) or one of proxy-addr's range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/**
 * The proxies whose X-Forwarded-For the server believes, comma-separated. Default none: the peer
 * address is the client, so no client can choose the address the per-address limits and the
 * operation log see (decision 0023).
 */
const TrustProxySchema = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
  )
  .refine((entries) => entries.every(isProxyAddress), {
    message: 'comma-separated IP addresses, CIDRs, loopback, linklocal or uniquelocal',
  })
  .default([]);

/** Every environment variable the server reads; README.md documents each one. */
const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /**
   * The listen address. Loopback by default, so a trial run (`npm start`) on a laptop or a shared
   * server is not open to its network until someone says so (HOST=0.0.0.0, as deploy/ does).
   */
  HOST: z.string().default(DEFAULT_HOST),
  /** When set, the server uses this PostgreSQL server instead of the embedded PGlite. */
  DATABASE_URL: z.string().url().optional(),
  /** Where PGlite keeps its data (and, later, where local files go); default `data/` at the repository root. */
  DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  /** Where the local file storage keeps uploaded bytes; default `files/` inside DATA_DIR. */
  FILES_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Built web app to serve (history-mode fallback to its index.html); empty disables static serving. */
  WEB_DIST: z.string().default(DEFAULT_WEB_DIST),
  SEED_DEMO: bool.default(true),
  LOGIN_VARIANT: LoginVariantSchema.default('plain'),
  DEPLOYMENT_TYPE: z.string().default('standard'),
  /** Bid-opening hall (开标大厅) address for the header navigation; unset: no such entry. */
  BID_HALL_URL: z.string().url().optional(),
  SUPPORT_CHANNEL_KEY: z.string().default(''),
  /** A session unused this long ends with code 10001 (fractions allowed: 0.5 = 30 s). */
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(120),
  /** No session lives longer than this, however busy. */
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(24),
  /** One session per user: a new login ends the others with code 10017. */
  SESSION_SINGLE: bool,
  /** Failed logins of one account before the captcha is required, and before the account locks. */
  LOGIN_CAPTCHA_AFTER: z.coerce.number().int().min(0).default(3),
  LOGIN_LOCK_AFTER: z.coerce.number().int().min(1).default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Login requests per IP and minute, before 429. */
  LOGIN_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** SMS provider: `local` records messages in an outbox administrators can read; `http` posts to a gateway. */
  SMS_PROVIDER: z.enum(['local', 'http']).default('local'),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  SMS_CODE_TTL_MINUTES: z.coerce.number().int().min(1).default(5),
  /** Minimum seconds between two codes to one phone. */
  SMS_RESEND_SECONDS: z.coerce.number().int().min(0).default(60),
  SMS_DAILY_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Transfer requests (转注册) one enterprise may make per 24 hours: each may notify an employer. */
  TRANSFER_DAILY_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Where uploaded bytes live: `local` (FILES_DIR; share it between instances) or `s3` (S3-compatible store). */
  FILES_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style addresses (MinIO and most self-hosted stores need them). */
  S3_FORCE_PATH_STYLE: bool.default(true),
  S3_PREFIX: z.string().default(''),
  /** Bytes one user may keep (stored files plus uploads in progress), in MB. */
  FILES_USER_QUOTA_MB: z.coerce.number().positive().default(10240),
  /** Largest file accepted in one request (simple, slot and editor uploads), in MB; larger files go in chunks. */
  FILES_REQUEST_MAX_MB: z.coerce.number().positive().default(50),
  /** Largest file a chunked upload may announce, in MB. */
  FILES_MAX_FILE_MB: z.coerce.number().positive().default(2048),
  /** A chunked upload untouched this long is abandoned and its parts removed (fractions allowed). */
  UPLOAD_ABANDON_HOURS: z.coerce.number().positive().default(24),
  /** How often the abandoned-upload sweep runs: a scheduled job, once per tick across all instances. */
  UPLOAD_CLEANUP_MINUTES: z.coerce.number().positive().default(30),
  /** Whether this instance runs job handlers and the cron clock (false: it only enqueues, e.g. web-only instances). */
  JOBS_WORK: bool.default(true),
  /** How often an idle job worker looks for new jobs, in seconds (at least 0.5). */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** A running job whose instance has not refreshed its heartbeat this long is run again (seconds). */
  JOBS_STALE_SECONDS: z.coerce.number().min(2).max(3600).default(60),
  /**
   * WeChat QR login (decision 0079): `local` is a stand-in whose QR page lets a developer scan as a
   * chosen identity; `wechat` is WeChat's website QR login (open.weixin.qq.com) with the app id and
   * secret of the 网站应用; its callback is PUBLIC_URL + /ks/common/wechat/callback.
   */
  WECHAT_LOGIN_PROVIDER: z.enum(['local', 'wechat']).default('local'),
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  /** Public origin used in links sent by SMS (activation). */
  PUBLIC_URL: z.string().default('http://localhost:8080'),
  /** Seconds between the comment lines that keep idle push (SSE) streams open through proxies. */
  PUSH_HEARTBEAT_SECONDS: z.coerce.number().positive().max(300).default(15),
  /** AMap (高德) weather key; without it the weather widget says weather is not configured. */
  WEATHER_AMAP_KEY: z.string().optional(),
  /** City adcode the weather is for (e.g. 330100 for Hangzhou); required with the key. */
  WEATHER_CITY: z
    .string()
    .regex(/^\d{6}$/, 'a six-digit adcode')
    .optional(),
  /** AMap's REST origin; tests point it at a local server. */
  WEATHER_AMAP_URL: z.string().url().default('https://restapi.amap.com'),
  /** How long one call to the weather provider may take before the widget says weather is unavailable. */
  WEATHER_TIMEOUT_SECONDS: z.coerce.number().positive().max(60).default(5),
  /**
   * The trusted issuing CAs for CA certificate login (decision 0080): a PEM bundle, or the path of a
   * file holding one. Unset: certificate login is refused (nothing is trusted).
   */
  CA_TRUSTED_CERTS: z.string().optional(),
  /** Revocation lists of those CAs: PEM text (one or more), or the path of a PEM or DER file. Checked when set. */
  CA_CRLS: z.string().optional(),
  /** How long a CA login challenge may be signed, in seconds. */
  CA_CHALLENGE_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
  /** A bound certificate expiring within this many days is warned about at login and in the user centre. */
  CA_EXPIRY_WARNING_DAYS: days(30),
  /** How long a list's planner estimate (totals above the exact-count limit) is reused: decision 0013. */
  LIST_ESTIMATE_SECONDS: z.coerce.number().positive().max(3600).default(10),
  /**
   * What a parsed zip upload (an xlsx import, a docx template) may unpack to, in MiB, summed over its
   * entries as its central directory declares them; checked before anything is unpacked.
   */
  UPLOAD_UNPACKED_MAX_MB: z.coerce.number().int().min(1).max(4000).default(100),
  /** Most entries a parsed zip upload may hold (an xlsx has about ten, a docx with pictures some hundreds). */
  ZIP_ENTRIES_MAX: z.coerce.number().int().min(1).max(65535).default(1000),
  /** Highest uncompressed-to-compressed ratio of one entry above 1 MiB (deflate reaches about 1000). */
  ZIP_RATIO_MAX: z.coerce.number().min(1).default(200),
  /**
   * The largest buffer one decoded stream of a bid document's PDF may take while its text is read,
   * in MiB: a PDF of some hundred KB can inflate a stream to GBs, outside the reading thread's heap.
   */
  PDF_STREAM_MAX_MB: z.coerce.number().int().min(1).max(2048).default(128),
  /** The heap of the thread that reads PDFs' text, in MiB; past it the reading is refused. */
  PDF_HEAP_MAX_MB: z.coerce.number().int().min(32).max(8192).default(256),
  /** How long reading one PDF's text may take, in seconds; past it the reading is refused. */
  PDF_TIMEOUT_SECONDS: z.coerce.number().positive().max(1800).default(300),
  /** Largest help file (PDF or video) an administrator may upload, in MiB. */
  HELP_FILE_MAX_MB: z.coerce.number().int().min(1).max(2048).default(200),
  // The statutory rules of time (modules/trading/time-rules.ts, docs/domain.md §1, decision 0074):
  // the guide's values are the defaults; a deployment changes one where its rules differ.
  /** Days from the documents' issue to the bid deadline, at least (法 第24条). */
  TRADING_MIN_BID_DAYS: days(DEFAULT_TIMELINE_LIMITS.minBidDays),
  /** Days of the documents' sale, at least (条例 第16条). */
  TRADING_MIN_SALE_DAYS: days(DEFAULT_TIMELINE_LIMITS.minSaleDays),
  /** Days a clarification must precede the deadline, else the deadline moves (法 第23条, 条例 第21条; 办法 第22条 unverified). */
  TRADING_CLARIFICATION_DAYS: days(DEFAULT_TIMELINE_LIMITS.clarificationDays),
  /** Days an objection to the documents must precede the deadline (条例 第22条; 办法 第39条 unverified). */
  TRADING_OBJECTION_DAYS: days(DEFAULT_TIMELINE_LIMITS.objectionDays),
  /** Days the tenderee has to answer an objection (条例 第22条; 办法 第39条 unverified). */
  TRADING_OBJECTION_ANSWER_DAYS: days(DEFAULT_TIMELINE_LIMITS.objectionAnswerDays),
  /** A deadline on a non-working day rolls over to the next working day (CTS B-004/B-009, third-party: unverified). */
  TRADING_DEADLINE_ROLLS_OVER: flag(DEFAULT_TIMELINE_LIMITS.deadlineRollsOver),
  /** The sale's end rolls over too: docs/domain.md does not say so, hence off unless a deployment's rules do. */
  TRADING_SALE_END_ROLLS_OVER: flag(DEFAULT_TIMELINE_LIMITS.saleEndRollsOver),
  /**
   * On SIGTERM the readiness probe answers 503 this long before the instance stops taking
   * requests, so a balancer that probes it sends new work elsewhere first (deploy/README.md).
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
  TRUST_PROXY: TrustProxySchema,
  /**
   * Swagger UI at /docs and the OpenAPI document: off unless turned on, whatever NODE_ENV says, so
   * that a deployment that forgets NODE_ENV does not publish the map of every call.
   */
  API_DOCS: bool,
});

export type Config = z.infer<typeof ConfigSchema>;

/** The limits of the rules of time, as configured (modules/trading/time-rules.ts). */
export const timelineLimitsOf = (config: Config): TimelineLimits => ({
  minBidDays: config.TRADING_MIN_BID_DAYS,
  minSaleDays: config.TRADING_MIN_SALE_DAYS,
  clarificationDays: config.TRADING_CLARIFICATION_DAYS,
  objectionDays: config.TRADING_OBJECTION_DAYS,
  objectionAnswerDays: config.TRADING_OBJECTION_ANSWER_DAYS,
  deadlineRollsOver: config.TRADING_DEADLINE_ROLLS_OVER,
  saleEndRollsOver: config.TRADING_SALE_END_ROLLS_OVER,
});

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as shells and compose files write it.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  if (config.SMS_PROVIDER === 'http' && !config.SMS_HTTP_URL) {
    throw new Error('Invalid configuration:\n  SMS_HTTP_URL: required when SMS_PROVIDER=http');
  }
  if (config.FILES_STORAGE === 's3' && !config.S3_BUCKET) {
    throw new Error('Invalid configuration:\n  S3_BUCKET: required when FILES_STORAGE=s3');
  }
  return config;
}
