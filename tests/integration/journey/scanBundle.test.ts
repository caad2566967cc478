// The scan function as a bundler ships it (Nhost Cloud bundles each function into one file, its
// npm dependencies installed beside it): esbuild bundles functions/journey/scan.ts the same way,
// and a passport photo is read through that bundle alone. mrzWorker.mjs, which the sources start
// by path, is not in the bundle's folder, so the reader thread must come from the bundle itself.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import express, { type Request, type Response } from 'express';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningBackend } from '../../../backend/server';
import { composeMrz } from '../../../src/domain/mrz/compose';
import { renderDocumentPhoto } from '../../../scripts/mrz/render';
import { startTestBackend } from '../../helpers/backend';
import { withEnv } from '../../helpers/env';
import { makeStay, type Stay } from './fixtures';

const root = path.resolve(__dirname, '../../..');
let backend: RunningBackend;
let stay: Stay;
let dir: string;
let server: ReturnType<ReturnType<typeof express>['listen']>;
let url: string;

beforeAll(async () => {
  backend = await startTestBackend();
  stay = await makeStay(backend);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-bundle-'));
  await build({ entryPoints: [path.join(root, 'functions/journey/scan.ts')], outfile: path.join(dir, 'journey/scan.js'), bundle: true, platform: 'node', format: 'cjs', target: 'node20', packages: 'external', logLevel: 'silent' });
  // The installed dependencies (the deployment's npm install), and nothing else of the sources.
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const bundled = createRequire(__filename)(path.join(dir, 'journey/scan.js')) as { default: (req: Request, res: Response) => Promise<void> };
  const app = express();
  app.post('/scan', express.raw({ type: () => true, limit: '6mb' }), (req, res) => void bundled.default(req, res));
  await new Promise<void>((resolve) => (server = app.listen(0, '127.0.0.1', () => resolve())));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/scan`;
}, 180_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await backend?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

it('reads a passport photo through the bundled function, with no worker file beside it', async () => {
  expect(fs.readdirSync(path.join(dir, 'journey'))).toEqual(['scan.js']);
  const passport = composeMrz({ kind: 'passport', issuingCountry: 'HU', nationality: 'HU', lastName: 'Kovács', firstName: 'Anna Mária', documentNumber: 'BA1234567', birthDate: '1985-04-12', expiryDate: '2031-05-01', sex: 'female' });
  const photo = await renderDocumentPhoto(passport, 'photo', 2002);
  // The deployment's environment, which the function reads on each request (the test backend's
  // GraphQL endpoint and secret), for as long as the request runs.
  const { status, body } = await withEnv({ NHOST_GRAPHQL_URL: `${backend.url}/v1/graphql`, NHOST_ADMIN_SECRET: backend.ctx.config.adminSecret }, async () => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/octet-stream', 'x-journey-id': stay.journeyId }, body: new Uint8Array(photo) });
    return { status: res.status, body: (await res.json()) as { fields: Record<string, unknown>; seal?: string } };
  });
  expect(status).toBe(200);
  expect(body.fields).toMatchObject({ firstName: 'Anna Maria', lastName: 'Kovacs', dob: '1985-04-12', documentId: 'BA1234567', documentType: 'passport' });
}, 120_000);
