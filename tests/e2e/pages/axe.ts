// axe-core's WCAG 2.1 A and AA rules on the page as it is now, for the accessibility checks of
// every spec. Only violations are collected in full (`resultTypes`): axe still runs every rule on
// every element, but skips building the passes and inapplicable results nobody reads. The options
// come before the tags: AxeBuilder's options() replaces what withTags() set (then every rule ran,
// best practices included).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The violations: rule, impact, and each offending element with why (empty when none). */
export async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(WCAG_AA).analyze();
  return result.violations.map((v) => {
    const nodes = v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} (${n.failureSummary ?? ''})`);
    return `${v.id} (${v.impact}): ${v.help}: ${nodes.join(' | ')}`;
  });
}
