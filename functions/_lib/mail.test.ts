// Functions' e-mails as Nhost ships them: each function bundled into one file in a folder of its own,
// no nhost/emails beside it. The templates must travel inside the bundle, and stay the project's.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { functionEmailsSource, GENERATED_FILE } from '../../scripts/function-emails';
import type { renderFunctionEmail } from './mail';

const root = path.resolve(__dirname, '../..');
let dir: string;
let render: typeof renderFunctionEmail;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-bundle-'));
  await build({ entryPoints: [path.join(root, 'functions/_lib/mail.ts')], outfile: path.join(dir, 'functions/orders/mail.js'), bundle: true, platform: 'node', format: 'cjs', target: 'node20', packages: 'external', logLevel: 'silent' });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  render = (createRequire(__filename)(path.join(dir, 'functions/orders/mail.js')) as { renderFunctionEmail: typeof renderFunctionEmail }).renderFunctionEmail;
}, 60_000);

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

it('the bundled function finds its templates with no nhost/emails folder anywhere near it', () => {
  expect(fs.existsSync(path.join(dir, 'nhost'))).toBe(false);
  const en = render('journey-transfer', 'en', { name: 'Anna <b>', date: '3 May 2027' });
  expect(en.subject).toMatch(/transfer/i);
  expect(en.html).toContain('Anna &lt;b&gt;');
  expect(en.html).not.toContain('${name}');
  const hu = render('journey-adventure', 'hu', { name: 'Kovács Anna' });
  expect(hu.html).toContain('lang="hu"');
  expect(hu.html).toContain('Kovács Anna');
  // A language without templates gets English, not an error.
  expect(render('journey-transfer', 'de', {}).html).toContain('lang="en"');
});

it('the copy in the functions is the project templates as they are now (else run `npm run codegen`)', () => {
  expect(fs.readFileSync(GENERATED_FILE, 'utf8')).toBe(functionEmailsSource());
  for (const locale of ['en', 'hu']) for (const template of ['journey-transfer', 'journey-adventure']) expect(functionEmailsSource()).toContain(`"${locale}/${template}"`);
});
