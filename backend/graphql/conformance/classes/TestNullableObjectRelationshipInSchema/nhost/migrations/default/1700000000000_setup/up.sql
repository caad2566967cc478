CREATE TABLE table1 (
  id serial primary key,
  name text
);
CREATE TABLE table2 (
  id serial primary key,
  name text,
  table1_id INTEGER UNIQUE REFERENCES table1(id),
  table1_id_not_null INTEGER NOT NULL UNIQUE REFERENCES table1(id),
  unique (name, table1_id)
);
CREATE TABLE joint_foreign_key (
  id serial primary key,
  table2_name text not null,
  table2_table1_id integer null,
  foreign key (table2_name, table2_table1_id) references table2 (name, table1_id)
);
