-- Demo users, one per staff role (password staydesk-demo), plus a second owner, cleaner,
-- contractor, manager and inspector so permissions can be shown and tested across people.
-- Fixed ids: 00000000-0000-4000-a000-0000000000NN (tests refer to them).
WITH pw AS (SELECT crypt('staydesk-demo', gen_salt('bf', 10)) AS hash),
demo (id, email, display_name, role) AS (VALUES
  ('00000000-0000-4000-a000-000000000001'::uuid, 'admin@demo.staydesk.test', 'Ádám Admin', 'admin'),
  ('00000000-0000-4000-a000-000000000002'::uuid, 'communicator@demo.staydesk.test', 'Kata Kommunikátor', 'communicator'),
  ('00000000-0000-4000-a000-000000000003'::uuid, 'member@demo.staydesk.test', 'Márk Member', 'member'),
  ('00000000-0000-4000-a000-000000000004'::uuid, 'inspector@demo.staydesk.test', 'Ildikó Inspector', 'inspector'),
  ('00000000-0000-4000-a000-000000000005'::uuid, 'manager@demo.staydesk.test', 'Miklós Manager', 'manager'),
  ('00000000-0000-4000-a000-000000000006'::uuid, 'cleaner@demo.staydesk.test', 'Cecília Cleaner', 'cleaner'),
  ('00000000-0000-4000-a000-000000000007'::uuid, 'owner@demo.staydesk.test', 'Kovács Anna', 'owner'),
  ('00000000-0000-4000-a000-000000000008'::uuid, 'contractor@demo.staydesk.test', 'Szabó Gábor', 'contractor'),
  ('00000000-0000-4000-a000-000000000009'::uuid, 'owner2@demo.staydesk.test', 'Nagy Péter', 'owner'),
  ('00000000-0000-4000-a000-000000000010'::uuid, 'cleaner2@demo.staydesk.test', 'Csilla Cleaner', 'cleaner'),
  ('00000000-0000-4000-a000-000000000011'::uuid, 'contractor2@demo.staydesk.test', 'Tóth Zoltán', 'contractor'),
  ('00000000-0000-4000-a000-000000000012'::uuid, 'manager2@demo.staydesk.test', 'Mónika Manager', 'manager'),
  ('00000000-0000-4000-a000-000000000013'::uuid, 'inspector2@demo.staydesk.test', 'István Inspector', 'inspector')
)
INSERT INTO auth.users (id, email, display_name, locale, password_hash, email_verified, default_role, metadata)
SELECT id, email, display_name, 'en', pw.hash, true, role, jsonb_build_object('demo', true)
FROM demo, pw;

-- Allowed roles: their own role plus user and me (what a fresh sign-up has).
INSERT INTO auth.user_roles (user_id, role)
SELECT u.id, r.role
FROM auth.users u
CROSS JOIN LATERAL (VALUES (u.default_role), ('user'), ('me')) AS r (role)
WHERE u.email LIKE '%@demo.staydesk.test';

INSERT INTO public.groups (id, name) VALUES ('00000000-0000-4000-b000-000000000001', 'Budapest team'), ('00000000-0000-4000-b000-000000000002', 'Inspection partners');
INSERT INTO public.user_groups (user_id, group_id, role_cd) VALUES
  ('00000000-0000-4000-a000-000000000001', '00000000-0000-4000-b000-000000000001', 'admin'),
  ('00000000-0000-4000-a000-000000000002', '00000000-0000-4000-b000-000000000001', 'communicator'),
  ('00000000-0000-4000-a000-000000000003', '00000000-0000-4000-b000-000000000001', 'member'),
  ('00000000-0000-4000-a000-000000000004', '00000000-0000-4000-b000-000000000001', 'inspector'),
  ('00000000-0000-4000-a000-000000000013', '00000000-0000-4000-b000-000000000002', 'inspector');
