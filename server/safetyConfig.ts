/**
 * The trust-and-safety settings (docs/moderation.md): moderators named in configuration, the report
 * count that masks an item, the crisis resources and keywords, and the hourly write limits.
 */
import { z } from 'zod';
import type { CrisisResource } from '../src/domain/safety.ts';
import { crisisResourceSchema } from '../src/domain/safetySchemas.ts';

export const WRITE_KINDS = ['posts', 'polls', 'comments', 'rooms', 'reports'] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

export interface SafetyConfig {
  /** Lower-cased usernames of the moderators named in MODERATORS. */
  moderators: string[];
  /** Distinct reporters that mask an item until a moderator decides. */
  reportThreshold: number;
  /**
   * Days an account must have existed for its report to count toward a mask (it must also have
   * posted or commented, and be older than the item); 0 counts every reporter.
   */
  maskMinAccountDays: number;
  /** How long a removed item's images stay in storage before the sweep deletes them. */
  removedImagesGraceMs: number;
  crisisResources: CrisisResource[];
  /** Lower-cased words and phrases that show an author the crisis resources. */
  crisisKeywords: string[];
  /** Items a person may create an hour, by kind; 0 is no limit. */
  writeLimits: Record<WriteKind, number>;
}

/** Tele-MANAS is India's national mental-health helpline; a college sets its own with CRISIS_RESOURCES. */
const DEFAULT_RESOURCES: CrisisResource[] = [
  { name: 'Tele-MANAS (24×7 mental health helpline)', phone: '14416', url: 'https://telemanas.mohfw.gov.in' },
  { name: 'Emergency services', phone: '112' },
];
const DEFAULT_KEYWORDS = [
  'suicide',
  'suicidal',
  'kill myself',
  'end my life',
  'want to die',
  'self harm',
  'self-harm',
  'hurt myself',
  'cutting myself',
];
const DEFAULT_WRITE_LIMITS: Record<WriteKind, number> = {
  posts: 10,
  polls: 5,
  comments: 60,
  rooms: 3,
  reports: 30,
};

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);

export const safetyEnvSchema = z.object({
  /** Comma-separated usernames. */
  MODERATORS: z.string().optional(),
  REPORT_THRESHOLD: z.coerce.number().int().min(1).max(1000).default(3),
  MASK_MIN_ACCOUNT_DAYS: z.coerce.number().int().min(0).max(365).default(3),
  /** Minutes a removed item's images stay in storage (answering 410) before they are deleted. */
  REMOVED_IMAGES_GRACE_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  /** A JSON array of {name, phone?, url?}. */
  CRISIS_RESOURCES: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value?.trim()) return DEFAULT_RESOURCES;
      try {
        return z.array(crisisResourceSchema).min(1).parse(JSON.parse(value));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON array of {"name","phone"?,"url"?}' });
        return z.NEVER;
      }
    }),
  /** Comma-separated words and phrases. */
  CRISIS_KEYWORDS: z.string().optional(),
  /** e.g. `posts=10,polls=5,comments=60,rooms=3,reports=30` (any subset; the rest keep their defaults). */
  WRITE_LIMITS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const limits = { ...DEFAULT_WRITE_LIMITS };
      for (const pair of list(value)) {
        const [kind, count] = pair.split('=').map((part) => part.trim());
        const n = Number(count);
        if (!WRITE_KINDS.includes(kind as WriteKind) || !Number.isInteger(n) || n < 0) {
          ctx.addIssue({
            code: 'custom',
            message: `"${pair}" is not one of ${WRITE_KINDS.join(', ')} = a count`,
          });
          return z.NEVER;
        }
        limits[kind as WriteKind] = n;
      }
      return limits;
    }),
});

export const safetyConfigOf = (e: z.infer<typeof safetyEnvSchema>): SafetyConfig => ({
  moderators: list(e.MODERATORS),
  reportThreshold: e.REPORT_THRESHOLD,
  maskMinAccountDays: e.MASK_MIN_ACCOUNT_DAYS,
  removedImagesGraceMs: e.REMOVED_IMAGES_GRACE_MINUTES * 60_000,
  crisisResources: e.CRISIS_RESOURCES,
  crisisKeywords: e.CRISIS_KEYWORDS ? list(e.CRISIS_KEYWORDS) : DEFAULT_KEYWORDS,
  writeLimits: e.WRITE_LIMITS,
});
