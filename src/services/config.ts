/**
 * Public runtime configuration (src/domain/publicConfig.ts), read from the `<meta name="quad-config">`
 * tag the server fills in when it serves index.html.
 */
import { type PublicConfig, publicConfigSchema } from '../domain/publicConfig.ts';

export type { PublicConfig };

function readPublicConfig(): PublicConfig {
  const content = typeof document === 'undefined' ? null : document.querySelector('meta[name="quad-config"]');
  try {
    return publicConfigSchema.parse(JSON.parse(content?.getAttribute('content') || '{}'));
  } catch {
    return publicConfigSchema.parse({});
  }
}

export const publicConfig: PublicConfig = readPublicConfig();
