create table author(
    id serial primary key, 
    name text unique
);
CREATE TABLE resident (
  id SERIAL PRIMARY KEY,
  name TEXT NOT NULL,
  age INTEGER NOT NULL
);
CREATE TABLE address (
  id SERIAL PRIMARY KEY,
  door_no TEXT NOT NULL,
  street TEXT NOT NULL,
  city TEXT NOT NULL,
  resident_id INTEGER REFERENCES resident(id)
);
