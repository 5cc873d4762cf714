/**
 * The public runtime configuration the server writes into index.html (`<meta name="quad-config">`):
 * one build serves any college. The About page's creators come from here, never from the code.
 */
import './zodSetup.ts';
import { z } from 'zod';
import { DEFAULT_COLLEGE_DOMAIN } from './constants.ts';

export const creatorSchema = z.object({
  name: z.string().min(1),
  /** Their page (a profile or a site); null when none is configured. */
  url: z.url({ protocol: /^https?$/ }).nullable(),
});
export type Creator = z.infer<typeof creatorSchema>;

export const publicConfigSchema = z.object({
  collegeDomain: z.string().default(DEFAULT_COLLEGE_DOMAIN),
  creators: z.array(creatorSchema).max(2).default([]),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
