DROP TABLE IF EXISTS public.message_directions, public.order_statuses, public.invoice_statuses,
  public.closing_statuses, public.submission_statuses, public.registry_message_types,
  public.registry_services, public.genders, public.document_types, public.expense_types,
  public.price_rule_types, public.amount_types, public.review_categories, public.contractor_types,
  public.unit_connection_types, public.key_types, public.key_roles, public.user_role_codes,
  public.viza_statuses, public.inspection_types, public.inspection_results, public.task_types,
  public.cleaning_statuses, public.booking_channels, public.booking_statuses, public.currencies;
DROP FUNCTION IF EXISTS public.set_current_timestamp_updated_at();
