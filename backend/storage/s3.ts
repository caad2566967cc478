// An S3-compatible object store (AWS S3, MinIO, R2...), configured with hasura-storage's
// variable names: S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY, S3_REGION, S3_ROOT_FOLDER.
// Requests are signed with AWS Signature V4; path-style URLs work with every S3 implementation.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { CacheLimits } from './cache';
import { LocalScratch, objectKey, variantPrefix, type FileStore } from './store';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
  rootFolder: string;
}

export function s3SettingsFromEnv(env: Record<string, string | undefined>): S3Settings | undefined {
  if (!env.S3_BUCKET) return undefined;
  const missing = ['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'].filter((n) => !env[n]);
  if (missing.length) throw new Error(`S3_BUCKET is set but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not`);
  return {
    endpoint: env.S3_ENDPOINT!.replace(/\/$/, ''),
    bucket: env.S3_BUCKET,
    accessKey: env.S3_ACCESS_KEY!,
    secretKey: env.S3_SECRET_KEY!,
    region: env.S3_REGION || 'us-east-1',
    rootFolder: (env.S3_ROOT_FOLDER ?? '').replace(/^\/+|\/+$/g, ''),
  };
}

export class S3FileStore extends LocalScratch implements FileStore {
  private readonly client: AwsClient;

  constructor(
    scratchRoot: string,
    private readonly s3: S3Settings,
    cacheLimits?: CacheLimits,
  ) {
    super(scratchRoot, cacheLimits);
    this.client = new AwsClient({ accessKeyId: s3.accessKey, secretAccessKey: s3.secretKey, region: s3.region, service: 's3' });
  }

  private url(id: string): string {
    const key = this.s3.rootFolder ? `${this.s3.rootFolder}/${objectKey(id)}` : objectKey(id);
    return `${this.s3.endpoint}/${encodeURIComponent(this.s3.bucket)}/${key}`;
  }

  private async call(method: string, id: string, init: { headers?: Record<string, string>; body?: Uint8Array<ArrayBuffer> } = {}): Promise<Response> {
    const res = await this.client.fetch(this.url(id), { method, headers: init.headers, body: init.body });
    if (!res.ok && res.status !== 404 && res.status !== 206) {
      const detail = (await res.text().catch(() => '')).slice(0, 300);
      throw new Error(`S3 ${method} ${objectKey(id)} failed: ${res.status} ${detail}`);
    }
    return res;
  }

  async init(): Promise<void> {
    await this.makeDirs();
  }

  async put(id: string, tmpPath: string, mimeType: string): Promise<void> {
    const body = new Uint8Array(await fs.promises.readFile(tmpPath));
    await this.call('PUT', id, { body, headers: { 'content-type': mimeType, 'content-md5': crypto.createHash('md5').update(body).digest('base64') } });
    await fs.promises.rm(tmpPath, { force: true });
    await this.dropVariants(id);
  }

  async size(id: string): Promise<number | undefined> {
    const res = await this.call('HEAD', id);
    return res.status === 404 ? undefined : Number(res.headers.get('content-length') ?? 0);
  }

  async open(id: string, start: number, end: number): Promise<Readable> {
    const res = await this.call('GET', id, { headers: { range: `bytes=${start}-${end}` } });
    if (res.status === 404 || !res.body) throw new Error(`S3 object ${objectKey(id)} is missing`);
    return Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
  }

  /** Sharp needs a file: the original is fetched once per version into the (bounded) local cache. */
  async localPath(id: string, version: string): Promise<{ path: string; release(): void }> {
    const name = `${variantPrefix(id)}src-${crypto.createHash('sha256').update(version).digest('hex').slice(0, 16)}`;
    return this.variants.use(name, async (tmp) => {
      const res = await this.call('GET', id);
      if (res.status === 404) throw new Error(`S3 object ${objectKey(id)} is missing`);
      await fs.promises.writeFile(tmp, Buffer.from(await res.arrayBuffer()));
    });
  }

  async delete(id: string): Promise<void> {
    await this.call('DELETE', id);
    await this.dropVariants(id);
  }
}
