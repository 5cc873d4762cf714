/**
 * Image preparation before an upload (spec §5 Images): only image files; one of at most
 * LIMITS.imageBytesTarget is used as is, a larger one is compressed to that target. The compression
 * runs on the main thread from our own bundle (`useWebWorker: false`): the library's worker would
 * otherwise load its script from a public CDN, which the app never does.
 */
import { LIMITS } from '../domain/constants.ts';
import { POSTS } from '../domain/messages.ts';

const isImageFile = (file: Blob) => file.type.startsWith('image/');

export async function prepareImage(file: File): Promise<File> {
  if (!isImageFile(file)) throw new Error(POSTS.imageOnly);
  if (file.size <= LIMITS.imageBytesTarget) return file;
  // Loaded only when a large image needs it: the library stays out of every page's first load.
  const { default: imageCompression } = await import('browser-image-compression');
  return imageCompression(file, {
    maxSizeMB: LIMITS.imageBytesTarget / (1024 * 1024),
    maxWidthOrHeight: LIMITS.imageSideMax,
    useWebWorker: false,
  });
}
