/**
 * Storage in an S3-compatible bucket (AWS S3, MinIO, R2, ...), so every server process sees the same
 * uploads. Same keys as on disk; the app still serves them at /uploads/<key>, streaming from the bucket.
 */
import type { Agent } from 'node:http';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { StorageTarget } from '../config.ts';
import { contentTypeOf, isStorageKey, type Storage } from './storage.ts';

export type S3Settings = Extract<StorageTarget, { kind: 's3' }>;

const CONNECT_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;
/** A readiness check must answer well within a balancer's check interval. */
const CHECK_TIMEOUT_MS = 3_000;

/** Only a missing key; a missing bucket (also 404) is a configuration error and must surface. */
const isMissingKey = (error: unknown) =>
  error instanceof NoSuchKey || (error instanceof S3ServiceException && error.name === 'NoSuchKey');

/** What a failed HeadBucket means, in an operator's words. */
function bucketProblem(bucket: string, error: unknown): string {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode;
    if (status === 404) return `the bucket "${bucket}" does not exist`;
    if (status === 403) return `access to the bucket "${bucket}" is denied`;
    return `the bucket "${bucket}" answered ${error.name} (HTTP ${status})`;
  }
  const { name, code } = error as { name?: string; code?: string };
  const seconds = CHECK_TIMEOUT_MS / 1000;
  // the SDK reports the check's own time-out as an abort
  if (name === 'AbortError') return `the bucket "${bucket}" did not answer within ${seconds} s`;
  return `the bucket "${bucket}" cannot be reached (${code ?? name})`;
}

/** `httpAgent`: the sockets to use (tests resolve a virtual-host bucket name to 127.0.0.1 with one). */
export function createS3Storage(settings: S3Settings, httpAgent?: Agent): Storage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 demands them: several S3-compatible services reject the newer
    // default checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: CONNECT_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      ...(httpAgent ? { httpAgent } : {}),
    },
  });
  const Bucket = settings.bucket;
  const checked = (key: string) => {
    if (!isStorageKey(key)) throw new Error('invalid storage key');
    return key;
  };

  return {
    async put(key, data) {
      const ContentType = contentTypeOf(key) ?? 'application/octet-stream';
      await client.send(new PutObjectCommand({ Bucket, Key: checked(key), Body: data, ContentType }));
    },
    async get(key) {
      const contentType = contentTypeOf(key);
      if (!isStorageKey(key) || !contentType) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(object.Body instanceof Readable) || object.ContentLength === undefined) {
          throw new Error('the bucket answered without a body or a length');
        }
        return { stream: object.Body, size: object.ContentLength, contentType };
      } catch (error) {
        if (isMissingKey(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }), {
          abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
        });
      } catch (error) {
        throw new Error(bucketProblem(Bucket, error));
      }
    },
    close() {
      client.destroy();
    },
  };
}
