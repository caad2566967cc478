DROP TABLE IF EXISTS public.unit_keys, public.key_writes, public.key_reads, public.keys, public.fees,
  public.tourist_tax_ranges, public.expense_factories, public.price_rule_assignments, public.price_rules,
  public.rate_dates, public.rates, public.unit_dates, public.dates, public.airbnb_units, public.airbnbs,
  public.unit_contractors, public.unit_2_users, public.units, public.accommodation_files,
  public.accommodation_labels, public.accommodations, public.labels, public.contractors,
  public.owner_ranges, public.owners, public.user_groups, public.groups;
