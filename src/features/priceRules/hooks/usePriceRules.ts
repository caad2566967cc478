// The price-rule screens' data and writes: the rules, save (insert or update, a taken name comes
// back as the name field's message), delete, and the assigner's save.
import { useMutation, useQuery } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useTranslation } from 'next-i18next/pages';
import { toast } from 'react-toastify';
import { constraintName } from '@/domain/uniqueness';
import type { StoredRule } from '@/domain/priceRules';
import { messageOf } from '@/lib/apollo/errors';
import { refetching } from '@/lib/apollo/refetching';
import { DeletePriceRuleDocument } from '../graphql/deletePriceRule.generated';
import { PriceRulesDocument } from '../graphql/priceRules.generated';
import { SetRuleAssignmentsDocument } from '../graphql/setRuleAssignments.generated';
import { UpsertPriceRuleDocument } from '../graphql/upsertPriceRule.generated';

/** null when saved (with the new id), a field message, or 'failed' after a toast. */
export type RuleSaveResult = { id: string } | { field: string; message: string } | 'failed';

export function usePriceRules() {
  const { t } = useTranslation('common');
  const list = useQuery(PriceRulesDocument);
  const [upsert] = useMutation(UpsertPriceRuleDocument, refetching('PriceRules', 'AssignerRates'));
  const [remove] = useMutation(DeletePriceRuleDocument, refetching('PriceRules', 'AssignerRates'));
  const [assign] = useMutation(SetRuleAssignmentsDocument, refetching('PriceRules', 'AssignerRates'));
  const failed = (error: unknown): 'failed' => {
    toast.error(t('toast.failed', { message: messageOf(error) }));
    return 'failed';
  };
  return {
    rules: list.data?.price_rules ?? [],
    loading: list.loading,
    error: list.error,
    async save(rule: StoredRule, id: string | null): Promise<RuleSaveResult> {
      try {
        const r = await upsert({ variables: { object: { ...rule, ...(id ? { id } : {}) } } });
        toast.success(t('toast.saved'));
        return { id: r.data?.insert_price_rules_one?.id ?? id ?? '' };
      } catch (error) {
        if (CombinedGraphQLErrors.is(error) && error.errors.some((e) => constraintName(e) === 'price_rules_name_key')) return { field: 'name', message: 'rate:priceRules.form.errors.nameTaken' };
        return failed(error);
      }
    },
    async remove(id: string): Promise<boolean> {
      try {
        await remove({ variables: { id } });
        toast.success(t('toast.deleted'));
        return true;
      } catch (error) {
        failed(error);
        return false;
      }
    },
    async assign(ruleId: string, add: readonly string[], removeIds: readonly string[]): Promise<boolean> {
      try {
        await assign({ variables: { ruleId, add: add.map((rate_id) => ({ price_rule_id: ruleId, rate_id })), remove: [...removeIds] } });
        toast.success(t('toast.saved'));
        return true;
      } catch (error) {
        failed(error);
        return false;
      }
    },
  };
}
