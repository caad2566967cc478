// `npm run dev`'s registry doubles: started only when no real endpoint is configured, they hand
// the backend its endpoints and CA, the local portal issues the certificate for an app-made CSR,
// and the CA stays in the data folder across restarts.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateKeyAndCsr } from '../../functions/_registry/pki';
import { withEnv } from '../../tests/helpers/env';
import { startDevDoubles } from './dev';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-dev-doubles-'));

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const p = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return p;
}

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('dev doubles', () => {
  it('start only without real endpoints, print where they listen, issue certificates and keep their CA', async () => {
    expect(await withEnv({ NTAK_ENDPOINT: 'https://ntak.example', VIZA_ENDPOINT: 'https://viza.example' }, () => startDevDoubles(dir, () => {}))).toBeNull();
    const [n, v, p] = [await freePort(), await freePort(), await freePort()];
    const doublesEnv = { NTAK_ENDPOINT: undefined, VIZA_ENDPOINT: undefined, NTAK_DOUBLE_PORT: String(n), VIZA_DOUBLE_PORT: String(v), NTAK_PORTAL_PORT: String(p) };
    const dev = await withEnv(doublesEnv, () => startDevDoubles(dir, () => {}));
    expect(dev).not.toBeNull();
    expect(dev!.env).toMatchObject({ NTAK_ENDPOINT: `https://127.0.0.1:${n}`, VIZA_ENDPOINT: `https://127.0.0.1:${v}` });
    expect(dev!.env.NTAK_CA_PEM).toContain('BEGIN CERTIFICATE');
    expect(dev!.lines.join('\n')).toContain(`https://127.0.0.1:${n}`);
    expect(dev!.lines.join('\n')).toContain(`http://127.0.0.1:${p}`);

    const { csrPem } = await generateKeyAndCsr(2048);
    const issued = await fetch(`http://127.0.0.1:${p}/issue`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ csr: csrPem, ntakId: 'DV12CD34', name: 'Dev Loft' }) });
    expect(issued.status).toBe(200);
    const cert = new crypto.X509Certificate(await issued.text());
    expect(cert.checkIssued(new crypto.X509Certificate(dev!.env.NTAK_CA_PEM))).toBe(true);
    expect(cert.subject).toContain('OU=DV12CD34');
    const bad = await fetch(`http://127.0.0.1:${p}/issue`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ csr: 'nope', ntakId: 'x' }) });
    expect(bad.status).toBe(400);
    await dev!.close();

    // The CA and the state file stay in the data folder: a restart keeps the same CA.
    const again = await withEnv(doublesEnv, () => startDevDoubles(dir, () => {}));
    expect(again!.env.NTAK_CA_PEM).toBe(dev!.env.NTAK_CA_PEM);
    await again!.close();
  }, 60_000);
});
