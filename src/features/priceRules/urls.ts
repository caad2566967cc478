// Typed URLs of the price-rule screens: the list with one rule open (or a new one) and its tab.
export const PRICE_RULES_PATH = '/price-rules';
export const NEW_RULE = 'new';
export type RuleTab = 'rule' | 'assign';

export function priceRulesUrl(rule?: string | null, tab: RuleTab = 'rule'): string {
  if (!rule) return PRICE_RULES_PATH;
  const params = new URLSearchParams({ rule });
  if (tab !== 'rule') params.set('tab', tab);
  return `${PRICE_RULES_PATH}?${params.toString()}`;
}

export function ruleStateOf(query: Record<string, string | string[] | undefined>): { rule: string | null; tab: RuleTab } {
  const rule = typeof query.rule === 'string' && query.rule ? query.rule : null;
  return { rule, tab: query.tab === 'assign' && rule && rule !== NEW_RULE ? 'assign' : 'rule' };
}
