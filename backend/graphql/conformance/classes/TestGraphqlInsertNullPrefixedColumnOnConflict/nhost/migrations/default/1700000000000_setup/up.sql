create table "nullPrefixTestTable"(
    id serial primary key,
    "nullName" text
);
