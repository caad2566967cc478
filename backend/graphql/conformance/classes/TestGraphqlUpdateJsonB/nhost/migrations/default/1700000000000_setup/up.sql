CREATE TABLE person (
  id SERIAL PRIMARY KEY,
  details JSONB NOT NULL
);

INSERT INTO "public"."person" ("details") VALUES ('{"name":{"first":"John","last":"Taylor"}}');

INSERT INTO "public"."person" ("details") VALUES ('[{"address":{"city":"Copenhagen","country":"Denmark"}},{"address":{"city":"Canterbury","country":"United Kingdom"}}]');

INSERT INTO "public"."person" ("details") VALUES ('{"address":{"city":"Copenhagen","country":"Denmark"},"name":{"first":"Robert","last":"Wilson"}}');
