// axe-core's WCAG 2.1 A and AA rules on the page as it is now, for the accessibility checks of
// every spec. Only violations are collected in full (`resultTypes`): axe still runs every rule on
// every element, but skips building the passes and inapplicable results nobody reads. The options
// come before the tags: AxeBuilder's options() replaces what withTags() set (then every rule ran,
// best practices included). Legacy mode runs axe.run() in the page itself; the default runs
// axe.runPartial() in every frame and then axe.finishRun() in a new blank page, which costs a page
// and two more evaluations of axe-core's source per scan. It tests same-origin frames alike and only
// skips cross-origin frames, and the app has no frames.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The violations: rule, impact, and each offending element with why (empty when none). */
export async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).withTags(WCAG_AA).analyze();
  // A scan that ran no rule would pass every page: the rules that passed are listed (without their elements).
  if (result.passes.length === 0) throw new Error(`axe-core ran no rule on ${page.url()}`);
  return result.violations.map((v) => {
    const nodes = v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} (${n.failureSummary ?? ''})`);
    return `${v.id} (${v.impact}): ${v.help}: ${nodes.join(' | ')}`;
  });
}
