/**
 * One open event stream: the response of a `GET /api/events`, written as server-sent events. It
 * costs its socket and this object; a tab that stops reading is cut off once a little is queued for
 * it (it reconnects and resumes), so a slow reader never holds the server's memory.
 */
import type { ServerResponse } from 'node:http';
import type { LiveEventName, LiveEvents, Watch } from '../../../src/domain/live.ts';

/** What may wait unread in one stream's socket before it is closed. */
const MAX_QUEUED_BYTES = 64 * 1024;

export interface StreamOwner {
  userId: string;
  sessionId: string;
  address: string;
}

export class LiveStream {
  private closed = false;
  private readonly onClose: (() => void)[] = [];

  constructor(
    private readonly response: ServerResponse,
    readonly owner: StreamOwner,
    readonly watch: Watch | null,
  ) {
    response.on('close', () => this.close());
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  whenClosed(listener: () => void): void {
    if (this.closed) listener();
    else this.onClose.push(listener);
  }

  send<K extends LiveEventName>(name: K, id: string, data: LiveEvents[K]): void {
    this.write(`id: ${id}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** A comment line: proxies see traffic, `EventSource` ignores it. */
  heartbeat(): void {
    this.write(':\n\n');
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (!this.response.writableEnded) this.response.end();
    for (const listener of this.onClose.splice(0)) listener();
  }

  private write(text: string): void {
    if (this.closed) return;
    if (this.response.writableLength > MAX_QUEUED_BYTES) {
      this.close();
      return;
    }
    this.response.write(text);
  }
}
