CREATE TABLE "user address" (
  id serial primary key,
  name text unique,
  config jsonb
);
ALTER INDEX "user address_pkey" RENAME TO user_address_pkey;
ALTER INDEX "user address_name_key" RENAME TO user_address_name_key;
