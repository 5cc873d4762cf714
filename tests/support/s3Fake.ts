/**
 * A small S3 on 127.0.0.1 for the tests: one bucket, PUT / GET / HEAD / DELETE of objects, addressed
 * path-style (`/<bucket>/<key>`) or virtual-host style (`Host: <bucket>.<endpoint host>`) as the SDK
 * sends them, and S3's own XML errors (NoSuchKey 404, NoSuchBucket 404, InvalidAccessKeyId 403).
 * Signatures are not verified; the access key id in the Authorization header is.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StoredObject {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export interface S3Request {
  method: string;
  style: 'path' | 'virtual-host';
  key: string;
}

export interface S3Fake {
  /** `http://127.0.0.1:<port>`, for S3_ENDPOINT. */
  endpoint: string;
  port: number;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, StoredObject>;
  requests: S3Request[];
  /** The S3_* settings of an app that keeps its uploads here (path-style). */
  env(): Record<string, string>;
  close(): Promise<void>;
}

const MESSAGES: Record<string, string> = {
  NoSuchKey: 'The specified key does not exist.',
  NoSuchBucket: 'The specified bucket does not exist',
  InvalidAccessKeyId: 'The AWS Access Key Id you provided does not exist in our records.',
  MethodNotAllowed: 'The specified method is not allowed against this resource.',
  NotImplemented: 'A header you provided implies functionality that is not implemented',
};

const xml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function sendError(req: IncomingMessage, res: ServerResponse, status: number, code: string, key = ''): void {
  const requestId = randomBytes(8).toString('hex').toUpperCase();
  res.writeHead(status, { 'content-type': 'application/xml', 'x-amz-request-id': requestId });
  // HEAD answers carry no body, as on S3: the SDK then reads the status alone.
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${MESSAGES[code]}</Message>` +
      `${key ? `<Key>${xml(key)}</Key>` : ''}<RequestId>${requestId}</RequestId><HostId>fake</HostId></Error>`,
  );
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startS3Fake(bucket = 'quad-uploads'): Promise<S3Fake> {
  const objects = new Map<string, StoredObject>();
  const requests: S3Request[] = [];
  const accessKeyId = `AKIA${randomBytes(8).toString('hex').toUpperCase()}`;
  const secretAccessKey = randomBytes(20).toString('base64');

  /** The bucket and key a request names, in either addressing style. */
  function address(req: IncomingMessage) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    const path = decodeURIComponent(url.pathname.slice(1));
    if (host.startsWith(`${bucket}.`)) return { style: 'virtual-host' as const, bucket, key: path };
    const slash = path.indexOf('/');
    return slash < 0
      ? { style: 'path' as const, bucket: path, key: '' }
      : { style: 'path' as const, bucket: path.slice(0, slash), key: path.slice(slash + 1) };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { style, bucket: named, key } = address(req);
    const method = req.method ?? 'GET';
    requests.push({ method, style, key });
    if (!(req.headers.authorization ?? '').includes(`Credential=${accessKeyId}/`)) {
      return sendError(req, res, 403, 'InvalidAccessKeyId');
    }
    if (named !== bucket) return sendError(req, res, 404, 'NoSuchBucket');
    if (!key) return sendError(req, res, 405, 'MethodNotAllowed');
    if (method === 'PUT') {
      if ((req.headers['content-encoding'] ?? '').includes('aws-chunked')) {
        return sendError(req, res, 501, 'NotImplemented');
      }
      const body = await readBody(req);
      const etag = `"${randomBytes(16).toString('hex')}"`;
      const contentType = req.headers['content-type'] ?? 'binary/octet-stream';
      objects.set(key, { body, contentType, etag, lastModified: new Date() });
      res.writeHead(200, { etag }).end();
      return;
    }
    if (method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
      return;
    }
    if (method !== 'GET' && method !== 'HEAD') return sendError(req, res, 405, 'MethodNotAllowed');
    const object = objects.get(key);
    if (!object) return sendError(req, res, 404, 'NoSuchKey', key);
    res.writeHead(200, {
      'content-type': object.contentType,
      'content-length': object.body.length,
      etag: object.etag,
      'last-modified': object.lastModified.toUTCString(),
      'accept-ranges': 'bytes',
    });
    res.end(method === 'GET' ? object.body : undefined);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    port,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    env: () => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
    }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
