DROP TABLE IF EXISTS public.market_stats, public.registry_submissions, public.contracts, public.expenses,
  public.invoices, public.monthly_closings;
