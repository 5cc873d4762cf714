/** Business constants of spec §9, shared by the client and the server. */

export const DEFAULT_COLLEGE_DOMAIN = 'ietlucknow.ac.in';

export const TOPICS = ['sports', 'dsa', 'iet', 'entertainment', 'lifestyle', 'lucknow'] as const;
export type Topic = (typeof TOPICS)[number];

export const LIMITS = {
  usernameMin: 3,
  usernameMax: 24,
  passwordMin: 8,
  passwordMax: 128,
  otpLength: 6,
  postTitle: 300,
  postBody: 40_000,
  commentBody: 10_000,
  pollOption: 100,
  pageSizeMax: 50,
  /** Largest upload the server accepts before re-encoding (the client compresses to imageBytesTarget). */
  uploadBytesMax: 10 * 1024 * 1024,
  /** Longest side of a stored image. */
  imageSideMax: 2048,
  pollQuestion: 150,
  pollOptionsInitial: 2,
  pollOptionsMax: 7,
  roomNameMin: 3,
  roomNameMax: 25,
  imageBytesTarget: 3 * 1024 * 1024,
  homePageSize: 15,
  pageSize: 10,
  /** Longest search text (search/getusers, getposts, getcomments). */
  searchKeyMax: 50,
  usernameBatch: 8,
  usernameChips: 3,
} as const;

/** Named delays of the statecharts, in milliseconds. */
export const DELAYS = {
  DEBOUNCE: 500,
  POLL_INTERVAL: 30_000,
  RESEND_COUNTDOWN: 60_000,
  COUNTDOWN_TICK: 1_000,
  TOPIC_FIRST_LOAD: 500,
  ROOM_FIRST_LOAD: 1_500,
  /** The room-name availability check waits this long after typing stops. */
  ROOM_NAME_CHECK: 500,
} as const;

export const RESEND_COUNTDOWN_SECONDS = DELAYS.RESEND_COUNTDOWN / 1000;

/** OTP and throttling rules enforced by the server. */
export const OTP_RULES = {
  ttlMs: 10 * 60_000,
  maxWrongTries: 5,
  resendGapMs: 60_000,
  maxSendsPerHour: 5,
  maxVerifyTriesPerHour: 15,
} as const;

export const SIGNIN_RULES = {
  windowMs: 15 * 60_000,
  maxFailuresPerAccount: 5,
  maxFailuresPerAddress: 20,
} as const;

export const SESSION_RULES = {
  ttlMs: 30 * 24 * 60 * 60_000,
  /** Sliding expiry is written back at most this often, to spare a write per request. */
  touchEveryMs: 60 * 60_000,
  resetGrantTtlMs: 10 * 60_000,
} as const;

export const TOAST_DURATIONS = {
  blank: 4000,
  error: 4000,
  custom: 4000,
  success: 2000,
  loading: Number.POSITIVE_INFINITY,
  /** A link shown to copy by hand (sharing without clipboard access): time to select it. */
  linkToCopy: 10000,
} as const;

export const TOAST_LAYOUT = {
  maxKept: 20,
  removeDelayMs: 1000,
  maxWidthPx: 350,
  offsetPx: 16,
  /** The least distance from the bottom edge, clear of a phone browser's bar and home indicator. */
  bottomPx: 28,
  gutterPx: 8,
} as const;

/** Infinite scroll loads the next page past this share of the list (spec §9). */
export const SCROLL_THRESHOLD = 0.8;

export const STORAGE_KEYS = { visited: 'visited' } as const;
