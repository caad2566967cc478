-- The product's roles, so auth.users.default_role and auth.user_roles can name them.
INSERT INTO auth.roles (role) VALUES
  ('admin'), ('communicator'), ('member'), ('inspector'), ('manager'), ('cleaner'), ('owner'), ('contractor')
ON CONFLICT (role) DO NOTHING;
