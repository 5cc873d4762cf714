/**
 * The live section's client: one `GET /api/events` a stream over plain node:http (a thousand of them
 * from one process), kept cheap: the text is split into events as it arrives and only what the
 * section measures is kept, the arrival time of each vote tally and of each notification.
 */
import { type ClientRequest, type IncomingMessage, request } from 'node:http';

export interface ArrivedNotification {
  postId: string | null;
  fromUser: string | null;
  /** performance.now() when it arrived. */
  at: number;
}

export class BenchStream {
  /** Arrival times (performance.now()) of the `post.tally` events, in the order they came. */
  readonly tallies: number[] = [];
  readonly notifications: ArrivedNotification[] = [];
  /** `reload` events: the server lost track of what this stream had been sent. */
  reloads = 0;
  /** Ended by the server or the network, not by close(): when (performance.now()) and how. */
  dropped: { at: number; how: string } | null = null;
  private closed = false;
  private buffer = '';

  constructor(
    readonly userId: string,
    readonly watch: string | null,
    private readonly req: ClientRequest,
  ) {}

  get open(): boolean {
    return !this.closed && !this.dropped;
  }

  /** Events received, heartbeats included. */
  received = 0;

  /** Reads the response; `onReady` once the server has said `ready`. */
  attach(res: IncomingMessage, onReady: () => void): void {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      const at = performance.now();
      this.buffer += chunk;
      let end = this.buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        if (this.take(block, at) === 'ready') onReady();
        end = this.buffer.indexOf('\n\n');
      }
    });
    const ended = (how: string) => {
      if (!this.closed && !this.dropped) this.dropped = { at: performance.now(), how };
    };
    res.on('end', () => ended('the server ended the response'));
    res.on('close', () => ended('the connection closed'));
    res.on('error', (error) => ended(`error: ${error.message}`));
  }

  close(): void {
    this.closed = true;
    this.req.destroy();
  }

  /** Records one event block; returns its name. */
  private take(block: string, at: number): string {
    this.received += 1;
    if (block.startsWith(':')) return ':';
    let name = 'message';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) name = line.slice(7);
      else if (line.startsWith('data: ')) data = line.slice(6);
    }
    if (name === 'post.tally') this.tallies.push(at);
    else if (name === 'reload') this.reloads += 1;
    else if (name === 'notification') {
      const n = JSON.parse(data) as { postId: string | null; fromUser: string | null };
      this.notifications.push({ postId: n.postId, fromUser: n.fromUser, at });
    }
    return name;
  }
}

/** Opens a stream as the session `cookie` (watching `watch` when given) and resolves once it is ready. */
export function openStream(
  baseUrl: string,
  who: { userId: string; cookie: string },
  watch: string | null,
  timeoutMs: number,
): Promise<BenchStream> {
  const url = new URL('/api/events', baseUrl);
  if (watch) url.searchParams.set('watch', watch);
  return new Promise((resolve, reject) => {
    const req = request(url, {
      agent: false,
      headers: { cookie: who.cookie, accept: 'text/event-stream' },
    });
    const stream = new BenchStream(who.userId, watch, req);
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stream.close();
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error(`no ready event within ${timeoutMs} ms`)), timeoutMs);
    req.on('error', (error) => fail(error));
    req.once('response', (res) => {
      if (res.statusCode !== 200) {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.once('end', () => fail(new Error(`events answered ${res.statusCode}: ${body.slice(0, 200)}`)));
        return;
      }
      stream.attach(res, () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(stream);
      });
    });
    req.end();
  });
}
