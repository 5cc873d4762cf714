/**
 * Public runtime configuration (src/domain/publicConfig.ts), read from the `<meta name="quad-config">`
 * tag the server fills in when it serves index.html. The server validated it against the schema at
 * start; reading it here takes no schema library, which keeps zod out of the first load.
 */
import { DEFAULT_COLLEGE_DOMAIN } from '../domain/constants.ts';
import type { Creator, PublicConfig } from '../domain/publicConfig.ts';

export type { PublicConfig };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function creatorOf(value: unknown): Creator | null {
  if (!isRecord(value) || typeof value.name !== 'string' || value.name === '') return null;
  const url = typeof value.url === 'string' && /^https?:\/\//.test(value.url) ? value.url : null;
  return { name: value.name, url };
}

export function readPublicConfig(): PublicConfig {
  const meta = typeof document === 'undefined' ? null : document.querySelector('meta[name="quad-config"]');
  let raw: unknown = {};
  try {
    raw = JSON.parse(meta?.getAttribute('content') || '{}');
  } catch {
    // an unreadable tag: the defaults
  }
  const config = isRecord(raw) ? raw : {};
  const creators = Array.isArray(config.creators) ? config.creators.map(creatorOf) : [];
  return {
    collegeDomain: typeof config.collegeDomain === 'string' ? config.collegeDomain : DEFAULT_COLLEGE_DOMAIN,
    creators: creators.filter((creator): creator is Creator => creator !== null).slice(0, 2),
  };
}
