CREATE TABLE colors
  ( value text PRIMARY KEY
  , comment text );
INSERT INTO colors (value, comment) VALUES
  ('red',    '#FF0000'),
  ('green',  '#00FF00'),
  ('blue',   '#0000FF'),
  ('orange', '#FFFF00'),
  ('yellow', '#00FFFF'),
  ('purple', '#FF00FF');

CREATE TABLE users
  ( id serial PRIMARY KEY
  , name text NOT NULL
  , favorite_color text NOT NULL REFERENCES colors );

CREATE TABLE posts
  ( id serial PRIMARY KEY
  , title text NOT NULL
  , custom_color text REFERENCES colors );

INSERT INTO "public"."users" ("name", "favorite_color") VALUES ('Alyssa', 'red');

INSERT INTO "public"."users" ("name", "favorite_color") VALUES ('Ben', 'blue');
