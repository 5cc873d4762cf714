/**
 * Uploaded images as the server stores them and the client shows them. Besides the original
 * (`/uploads/<folder>/<uuid>.webp`, at most LIMITS.imageSideMax a side) the server keeps smaller
 * copies named after it, so a client derives their URLs from the stored one without asking:
 * `<uuid>-640w.webp` is the image scaled to 640 px wide (post images), `<uuid>-96x96.webp` the
 * centre square of 96 px (avatars and room icons, always shown round and cropped to a square).
 */

/** Widths of a post image: its slot is 354 to 590 px wide (feed cards, the post page), at 1x to 3x. */
export const POST_IMAGE_WIDTHS = [320, 640, 1080] as const;
/** Sides of an avatar or room icon: shown at 26 to 40 px in lists and 76 to 92 px in headers, at 1x and 2x. */
export const PICTURE_SIDES = [40, 96, 192] as const;

export type ImageVariant = { kind: 'width'; size: number } | { kind: 'square'; size: number };

const variantSuffix = (variant: ImageVariant) =>
  variant.kind === 'width' ? `-${variant.size}w` : `-${variant.size}x${variant.size}`;

/** Every variant the server makes, for any original. */
export const IMAGE_VARIANTS: readonly ImageVariant[] = [
  ...POST_IMAGE_WIDTHS.map((size) => ({ kind: 'width' as const, size })),
  ...PICTURE_SIDES.map((size) => ({ kind: 'square' as const, size })),
];

/** The storage key (or URL) of a variant of an original's key (or URL): `a/b.webp` -> `a/b-640w.webp`. */
export const variantKey = (original: string, variant: ImageVariant) =>
  `${original.replace(/\.webp$/, '')}${variantSuffix(variant)}.webp`;

const VARIANT = /^(.+)-(?:(\d+)w|(\d+)x\3)\.webp$/;
const UPLOADED_ORIGINAL = /^\/uploads\/[a-z0-9-]+(\/[a-z0-9-]+)*\.webp$/;

/**
 * The original key and the variant a stored name asks for, when it names one of the known sizes of an
 * original; null for any other name (originals, unknown sizes: those are plain lookups).
 */
export function parseVariantKey(key: string): { original: string; variant: ImageVariant } | null {
  const match = VARIANT.exec(key);
  const size = match?.[2] ?? match?.[3];
  if (!match?.[1] || !size) return null;
  const variant = IMAGE_VARIANTS.find(
    (known) => String(known.size) === size && known.kind === (match[2] ? 'width' : 'square'),
  );
  const original = `${match[1]}.webp`;
  // Never a copy of a copy: names could otherwise grow one request at a time.
  return variant && !VARIANT.test(original) ? { original, variant } : null;
}

const srcSet = (url: string, kind: ImageVariant['kind'], sizes: readonly number[]) =>
  UPLOADED_ORIGINAL.test(url) && !parseVariantKey(url)
    ? sizes.map((size) => `${variantKey(url, { kind, size })} ${size}w`).join(', ')
    : undefined;

/** The `srcset` of a post image (undefined for a URL that has no variants). */
export const postImageSrcSet = (url: string) => srcSet(url, 'width', POST_IMAGE_WIDTHS);
/** The `srcset` of an avatar or room icon (undefined for a default picture). */
export const pictureSrcSet = (url: string) => srcSet(url, 'square', PICTURE_SIDES);

/** Longest image description a post takes. */
export const IMAGE_ALT_MAX = 500;

/** What a post image says to someone who cannot see it: its author's description, else one from the title. */
export const postImageAlt = (post: { title: string; imgAlt: string | null }) =>
  post.imgAlt?.trim() || `Image for the post "${post.title}"`;
