create table author(
  id serial primary key,
  name text unique
);
