// /price-rules: the rules (highest priority first), one open in the editor or the assigner
// (?rule=<id>|new&tab=assign, so a rule can be linked and reloaded). The assigner previews a
// sample month with the pricing engine before the assignment is saved.
import { useMemo, useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { EMPTY_RULE, formFromRule, ruleFromForm } from '@/domain/priceRules';
import { isoFromDay } from '@/domain/pricing';
import { useSessionUser } from '@/features/shell';
import { canAssignPriceRules, canEditPriceRules } from '../capabilities';
import { PriceRuleForm } from '../components/PriceRuleForm';
import { RuleAssigner } from '../components/RuleAssigner';
import { AssignerRatesDocument } from '../graphql/assignerRates.generated';
import { usePriceRules } from '../hooks/usePriceRules';
import { monthRange, previewAssignment } from '../preview';
import { NEW_RULE, priceRulesUrl, ruleStateOf } from '../urls';

function thisMonth(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

export function PriceRulesView() {
  const { t, i18n } = useTranslation('rate');
  const router = useRouter();
  const { user } = useSessionUser();
  const canEdit = canEditPriceRules(user?.role ?? null);
  const canAssign = canAssignPriceRules(user?.role ?? null);
  const { rule: openId, tab } = ruleStateOf(router.query);
  const rules = usePriceRules();
  const open = openId && openId !== NEW_RULE ? rules.rules.find((r) => r.id === openId) : undefined;

  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('priceRules.title')}
      </Typography>
      {!canEdit ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t(canAssign ? 'priceRules.assignOnly' : 'priceRules.readOnly')}
        </Alert>
      ) : null}
      {rules.error ? <Alert severity="error">{rules.error.message}</Alert> : null}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Paper variant="outlined" sx={{ width: { xs: '100%', md: 320 }, flexShrink: 0 }}>
          {canEdit ? (
            <Box sx={{ p: 1 }}>
              <Button variant="contained" size="small" component={Link} href={priceRulesUrl(NEW_RULE)}>
                {t('priceRules.new')}
              </Button>
            </Box>
          ) : null}
          {rules.rules.length === 0 && !rules.loading ? <Typography sx={{ p: 2 }}>{t('priceRules.empty')}</Typography> : null}
          <List dense aria-label={t('priceRules.title')}>
            {rules.rules.map((r) => (
              <ListItemButton key={r.id} component={Link} href={priceRulesUrl(r.id, tab)} prefetch={false} selected={r.id === openId}>
                <ListItemText primary={r.name} secondary={t('priceRules.summary', { type: t(`priceRules.types.${r.type}`), priority: r.priority, count: r.price_rule_assignments.length })} />
                {!r.is_active ? <Chip size="small" label={t('priceRules.inactive')} /> : null}
              </ListItemButton>
            ))}
          </List>
        </Paper>
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          {openId === NEW_RULE && canEdit ? (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                {t('priceRules.form.newTitle')}
              </Typography>
              <PriceRuleForm
                key="new"
                initial={EMPTY_RULE}
                readOnly={false}
                onSave={async (values) => {
                  const r = await rules.save(ruleFromForm(values), null);
                  if (r === 'failed') return null;
                  if ('field' in r) return r;
                  await router.push(priceRulesUrl(r.id, 'assign'));
                  return null;
                }}
              />
            </Paper>
          ) : null}
          {open ? (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Tabs value={tab} sx={{ mb: 2 }}>
                <Tab value="rule" label={t('priceRules.tabs.rule')} component={Link} href={priceRulesUrl(open.id, 'rule')} />
                <Tab value="assign" label={t('priceRules.tabs.assign')} component={Link} href={priceRulesUrl(open.id, 'assign')} />
              </Tabs>
              {tab === 'rule' ? (
                <PriceRuleForm
                  key={open.id}
                  initial={formFromRule(open)}
                  readOnly={!canEdit}
                  onSave={async (values) => {
                    const r = await rules.save(ruleFromForm(values), open.id);
                    return r !== 'failed' && 'field' in r ? r : null;
                  }}
                  onDelete={
                    canEdit
                      ? () => {
                          if (!window.confirm(t('priceRules.form.confirmDelete', { name: open.name }))) return;
                          void rules.remove(open.id).then((done) => (done ? router.push(priceRulesUrl()) : undefined));
                        }
                      : undefined
                  }
                />
              ) : (
                <AssignerPanel key={open.id} rule={open} readOnly={!canAssign} locale={i18n.language || 'en'} onSave={(add, remove) => rules.assign(open.id, add, remove)} />
              )}
            </Paper>
          ) : null}
          {!openId && rules.rules.length ? <Typography color="text.secondary">{t('priceRules.pick')}</Typography> : null}
        </Box>
      </Stack>
    </>
  );
}

type OpenRule = ReturnType<typeof usePriceRules>['rules'][number];

function AssignerPanel({ rule, readOnly, locale, onSave }: { rule: OpenRule; readOnly: boolean; locale: string; onSave(add: string[], remove: string[]): Promise<boolean> }) {
  const [month, setMonth] = useState(thisMonth);
  const range = monthRange(month) ?? monthRange(thisMonth())!;
  const rates = useQuery(AssignerRatesDocument, { variables: range });
  const current = useMemo(() => new Set(rule.price_rule_assignments.map((a) => a.rate_id)), [rule]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(current);
  const rows = useMemo(() => rates.data?.rates ?? [], [rates.data]);
  const touched = useMemo(() => rows.filter((r) => selected.has(r.id) || current.has(r.id)).map((r) => r.id), [rows, selected, current]);
  const preview = useMemo(
    () => previewAssignment({ rates: rows, rateIds: touched, rule: { id: rule.id, name: rule.name, type: rule.type, priority: rule.priority, conditions: rule.conditions, results: rule.results, is_active: rule.is_active }, assigned: selected, month: range, today: isoFromDay(Math.floor(Date.now() / 86_400_000)) }),
    [rows, touched, rule, selected, range.from, range.to], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const add = [...selected].filter((id) => !current.has(id));
  const remove = [...current].filter((id) => !selected.has(id));
  return (
    <RuleAssigner
      rates={rows.map((r) => ({ id: r.id, name: r.name, unitName: r.unit.name, accommodationName: r.unit.accommodation.name }))}
      selected={selected}
      changed={add.length + remove.length > 0}
      readOnly={readOnly}
      month={month}
      preview={preview}
      locale={locale}
      onToggle={(id, on) =>
        setSelected((s) => {
          const next = new Set(s);
          if (on) next.add(id);
          else next.delete(id);
          return next;
        })
      }
      onMonth={(m) => (monthRange(m) ? setMonth(m) : undefined)}
      onSave={() => void onSave(add, remove)}
    />
  );
}
