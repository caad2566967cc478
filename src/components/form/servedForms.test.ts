// Forms the server draws (sign-in and account, the guest journey) can be sent before the page's
// scripts run, or without scripts at all: a form without a method goes the browser's way, as a GET
// with every field in the address (a password, a guest's document number: into the history and
// the server's log). Every such form says method="post"; with scripts, the form kit handles the
// submission itself and nothing is posted.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../../..');
const SERVED = ['src/features/auth', 'src/features/journey/components', 'src/features/inbox/guest'];

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) return sources(rel);
    return rel.endsWith('.tsx') && !rel.endsWith('.test.tsx') ? [rel] : [];
  });
}

describe('forms the server draws', () => {
  it('post, never put their fields in the address', () => {
    const withoutMethod: string[] = [];
    let forms = 0;
    for (const file of SERVED.flatMap((dir) => sources(dir))) {
      const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
      // The opening tag of a Formik <Form> or a plain <form>, up to its closing '>'.
      for (const tag of source.match(/<(Form|form)\b[^>]*>/g) ?? []) {
        forms++;
        if (!/method="post"/.test(tag)) withoutMethod.push(`${file}: ${tag.replace(/\s+/g, ' ')}`);
      }
    }
    expect(forms).toBeGreaterThan(10);
    expect(withoutMethod).toEqual([]);
  });
});
