// Renders Nhost e-mail and SMS templates: nhost/emails/<locale>/<template>/{subject.txt,body.html}
// (SMS: body.txt) with ${name} placeholders, falling back to `en` and then to email-verify as
// hasura-auth does, so a project's own templates drive both Nhost Cloud and the embedded backend.
import fs from 'node:fs/promises';
import path from 'node:path';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const FALLBACK_LOCALE = 'en';
const FALLBACK_TEMPLATE = 'email-verify';
const SAFE_LOCALE = /^[a-z]{2,3}(-[a-zA-Z0-9]{2,8})?$/;
const SAFE_TEMPLATE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** Replaces `${name}` for every given variable; unknown placeholders stay as written (like hasura-auth). */
export function fillPlaceholders(template: string, vars: Record<string, string>, encode: (v: string) => string = (v) => v): string {
  return template.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(vars, name) ? encode(vars[name]) : whole,
  );
}

/** A readable plain-text alternative of a rendered HTML body (links kept as "text (url)"). */
export function htmlToText(html: string): string {
  return html
    .replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) => `${label} (${href})`)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|tr|li)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((l) => l.trim())
    .filter((l, i, all) => l !== '' || (i > 0 && all[i - 1] !== ''))
    .join('\n')
    .trim();
}

export class TemplateNotFoundError extends Error {}

/** Looks templates up in the project's emails folder first, then in the built-in one. */
export class TemplateRenderer {
  constructor(private readonly roots: string[]) {}

  async renderEmail(template: string, locale: string, vars: Record<string, string>): Promise<RenderedEmail> {
    const dir = await this.findTemplateDir(template, locale, ['subject.txt', 'body.html']);
    const [subject, body] = await Promise.all([read(dir, 'subject.txt'), read(dir, 'body.html')]);
    const html = fillPlaceholders(body, vars, escapeHtml);
    // A subject is one header line: values must not be able to add lines.
    const oneLine = (v: string) => v.replace(/[\r\n]+/g, ' ');
    return { subject: fillPlaceholders(subject.trim(), vars, oneLine), html, text: htmlToText(html) };
  }

  async renderSms(template: string, locale: string, vars: Record<string, string>): Promise<string> {
    const dir = await this.findTemplateDir(template, locale, ['body.txt']);
    return fillPlaceholders((await read(dir, 'body.txt')).trim(), vars);
  }

  private async findTemplateDir(template: string, locale: string, files: string[]): Promise<string> {
    const safeLocale = SAFE_LOCALE.test(locale) ? locale : FALLBACK_LOCALE;
    const safeTemplate = SAFE_TEMPLATE.test(template) ? template : FALLBACK_TEMPLATE;
    const candidates: Array<[string, string]> = [
      [safeLocale, safeTemplate],
      [FALLBACK_LOCALE, safeTemplate],
      [safeLocale, FALLBACK_TEMPLATE],
      [FALLBACK_LOCALE, FALLBACK_TEMPLATE],
    ];
    for (const root of this.roots) {
      for (const [loc, tpl] of candidates) {
        const dir = path.join(root, loc, tpl);
        if (await allExist(dir, files)) return dir;
      }
    }
    throw new TemplateNotFoundError(`e-mail template ${template} (${locale}) not found in ${this.roots.join(', ')}`);
  }
}

async function read(dir: string, file: string): Promise<string> {
  return fs.readFile(path.join(dir, file), 'utf8');
}

async function allExist(dir: string, files: string[]): Promise<boolean> {
  const checks = await Promise.all(
    files.map((f) =>
      fs.stat(path.join(dir, f)).then(
        (s) => s.isFile(),
        () => false,
      ),
    ),
  );
  return checks.every(Boolean);
}
