/**
 * Loaded into the bench's server processes (`node --expose-gc --import`, server.ts): on SIGUSR2 the
 * process collects its garbage fully and prints its memory on stderr as one line, so that the live
 * section reads what the open streams hold rather than garbage not yet collected. Nothing else in
 * the server changes; without the signal it does nothing.
 */
/** server.ts looks for this at the start of the line. */
const MEMORY_LINE = 'bench-memory ';

process.on('SIGUSR2', () => {
  globalThis.gc?.();
  globalThis.gc?.();
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  process.stderr.write(`${MEMORY_LINE}${JSON.stringify({ rss, heapUsed, external, arrayBuffers })}\n`);
});

export {};
