/**
 * Public runtime configuration. The server writes it into index.html's
 * `<meta name="quad-config" content="{}">` when it serves the SPA, so one build serves any college.
 */
import { z } from 'zod';
import { DEFAULT_COLLEGE_DOMAIN } from '../domain/constants.ts';

const publicConfigSchema = z.object({
  collegeDomain: z.string().default(DEFAULT_COLLEGE_DOMAIN),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

function readPublicConfig(): PublicConfig {
  const content = typeof document === 'undefined' ? null : document.querySelector('meta[name="quad-config"]');
  try {
    return publicConfigSchema.parse(JSON.parse(content?.getAttribute('content') || '{}'));
  } catch {
    return publicConfigSchema.parse({});
  }
}

export const publicConfig: PublicConfig = readPublicConfig();
