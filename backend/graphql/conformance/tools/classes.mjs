// Which Hasura tests-py classes this suite converts (Postgres classes only), and why others are
// not. The test files of a class, and their order, are read from the class body in the Python
// module; `skipFiles` drops single files with the reason.
const GEOM_TABLE = `CREATE TABLE geom_table(
  id SERIAL PRIMARY KEY,
  type TEXT NOT NULL,
  geom_col geometry NOT NULL
);

INSERT INTO geom_table (type, geom_col)
VALUES
('point', ST_GeomFromEWKT('SRID=4326;POINT(1 2)')),
('linestring', ST_GeomFromEWKT('SRID=4326;LINESTRING(0 0, 0.5 1, 1 2, 1.5 3)')),
('linestring', ST_GeomFromEWKT('SRID=4326;LINESTRING(1 0, 0.5 0.5, 0 1)')),
('polygon', ST_GeomFromEWKT('SRID=4326;POLYGON((0 0, 0 1, 1 1, 1 0, 0 0))')),
('polygon', ST_GeomFromEWKT('SRID=4326;POLYGON((2 0, 2 1, 3 1, 3 0, 2 0))'))
;

`;

export const CLASSES = [
  // test_graphql_queries.py
  { module: 'test_graphql_queries.py', name: 'TestGraphQLQueryBasicPostgres' },
  { module: 'test_graphql_queries.py', name: 'TestGraphQLQueryBasicPostgresMSSQLCitus' },
  { module: 'test_graphql_queries.py', name: 'TestGraphQLQueryFragmentsPostgresCitus' },
  { module: 'test_graphql_queries.py', name: 'TestGraphQLQueryAgg' },
  { module: 'test_graphql_queries.py', name: 'TestGraphQLQueryAggPermPostgresMSSQL' },
  { module: 'test_graphql_queries.py', name: 'TestGraphQLQueryAggPermPostgres' },
  { module: 'test_graphql_queries.py', name: 'TestGraphQLQueryLimits' },
  { module: 'test_graphql_queries.py', name: 'TestGraphQLQueryOffsets' },
  { module: 'test_graphql_queries.py', name: 'TestGraphQLQueryBoolExpBasicPostgresMSSQL' },
  { module: 'test_graphql_queries.py', name: 'TestGraphQLQueryBoolExpBasicPostgres' },
  { module: 'test_graphql_queries.py', name: 'TestGraphqlQueryPermissions', dropTables: ['geom_table'], sqlEdits: [[GEOM_TABLE, '']], notes: ['PostGIS removed: geom_table (its CREATE/INSERT, tracking and permissions) is dropped; the geometry filter files are left out.'], skipFiles: [{ file: 'user_can_query_geometry_values_filter.yaml', reason: 'PostGIS' }, { file: 'user_can_query_geometry_values_filter_session_vars.yaml', reason: 'PostGIS' }] },
  { module: 'test_graphql_queries.py', name: 'TestGraphQLQueryBoolExpSearchPostgres' },
  { module: 'test_graphql_queries.py', name: 'TestGraphQLQueryBoolExpJsonB' },
  { module: 'test_graphql_queries.py', name: 'TestGraphQLQueryBoolExpLtree' },
  { module: 'test_graphql_queries.py', name: 'TestGraphQLQueryOrderBy' },
  { module: 'test_graphql_queries.py', name: 'TestGraphQLQueryCustomSchema' },
  { module: 'test_graphql_queries.py', name: 'TestGraphQLQueryEnums' },
  {
    module: 'test_graphql_queries.py',
    name: 'TestGraphQLQueryComputedFields',
    dropTables: ['locations'],
    sqlEdits: [[`CREATE TABLE locations
(
    id uuid NOT NULL DEFAULT gen_random_uuid(),
    location geometry(Point,4326)
);

INSERT INTO locations (location)
VALUES (ST_GeomFromText('POINT(0.0 0.0)', 4326)),
       (ST_GeomFromText('POINT(1.0 0.0)', 4326))
;

CREATE FUNCTION locations_distance("from" json, locations_row locations)
 RETURNS INTEGER AS $$
   SELECT ST_DISTANCE( locations_row.location::geography
                     , ST_GeomFromGeoJSON("from"::text)::geography
                     )::integer
 $$ LANGUAGE sql STABLE;
`, '']],
    skipFiles: [{ file: 'locations.yaml', reason: 'PostGIS (locations.location geometry and its distance computed field)' }],
  },
  // test_graphql_mutations.py
  { module: 'test_graphql_mutations.py', name: 'TestGraphQLInsert' },
  { module: 'test_graphql_mutations.py', name: 'TestGraphqlInsertOnConflict' },
  { module: 'test_graphql_mutations.py', name: 'TestGraphqlInsertPermission' },
  { module: 'test_graphql_mutations.py', name: 'TestGraphqlInsertConstraints' },
  { module: 'test_graphql_mutations.py', name: 'TestGraphqlInsertNullPrefixedColumnOnConflict' },
  { module: 'test_graphql_mutations.py', name: 'TestGraphqlNestedInserts' },
  { module: 'test_graphql_mutations.py', name: 'TestGraphqlInsertViews' },
  { module: 'test_graphql_mutations.py', name: 'TestGraphqlUpdateBasic', skipFiles: [{ file: 'author_set_name.yaml', reason: 'PostGIS (returns author.location)' }], sqlEdits: [[',\n    location geography\n', '\n'], [`INSERT INTO "public"."author" ("name", "info", "location") VALUES ('Author 1', '{"age":23}', '{"type":"Point","coordinates":[-118.4079,33.9434]}');`, `INSERT INTO "public"."author" ("name", "info") VALUES ('Author 1', '{"age":23}');`]], notes: ['PostGIS removed: the author.location geography column is dropped (no converted case reads it).'] },
  { module: 'test_graphql_mutations.py', name: 'TestGraphqlUpdateJsonB' },
  { module: 'test_graphql_mutations.py', name: 'TestGraphqlUpdatePermissions' },
  { module: 'test_graphql_mutations.py', name: 'TestGraphqlDeleteBasic', skipFiles: [{ file: 'author_returning_empty_articles.yaml', reason: 'PostGIS (returns author.location)' }], sqlEdits: [[',\n    location geography\n', '\n'], [`INSERT INTO "public"."author" ("name", "info", "location") VALUES ('Author 3', '{"age":23}', '{"type":"Point","crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::4326"}},"coordinates":[-118.4079,33.9434]}');`, `INSERT INTO "public"."author" ("name", "info") VALUES ('Author 3', '{"age":23}');`]], notes: ['PostGIS removed: the author.location geography column is dropped (no converted case reads it).'] },
  { module: 'test_graphql_mutations.py', name: 'TestGraphqlDeleteConstraints' },
  { module: 'test_graphql_mutations.py', name: 'TestGraphqlDeletePermissions' },
  { module: 'test_graphql_mutations.py', name: 'TestGraphqlMutationCustomSchema' },
  { module: 'test_graphql_mutations.py', name: 'TestGraphqlMutationCustomGraphQLTableName' },
  { module: 'test_graphql_mutations.py', name: 'TestGraphQLMutateEnums' },
  // The class names its file by transport (`transaction_revert_' + transport + '.yaml`): the HTTP one.
  { module: 'test_graphql_mutations.py', name: 'TestGraphQLMutationTransactions', files: ['transaction_revert_http.yaml'] },
  { module: 'test_graphql_mutations.py', name: 'TestGraphQLMutationFunctions' },
  { module: 'test_graphql_queries.py', name: 'TestGraphQLQueryCustomTableName' },
  // Hasura's plan cache must not serve a wrong answer (@include, introspection of __TypeKind).
  { module: 'test_graphql_queries.py', name: 'TestGraphQLQueryCaching' },
  // Runs with HASURA_GRAPHQL_INFER_FUNCTION_PERMISSIONS=false (class.json `engine`).
  { module: 'test_graphql_queries.py', name: 'TestGraphQLQueryFunctionPermissions' },
  // test_graphql_introspection.py (the Postgres classes; remote schemas and EE-only ones are not converted)
  // Some of their files have no expected response (Hasura checks the status, then asserts on parts
  // of the answer in Python): those assertions are in ../introspection.test.ts.
  { module: 'test_graphql_introspection.py', name: 'TestGraphqlIntrospection' },
  { module: 'test_graphql_introspection.py', name: 'TestGraphqlIntrospectionWithCustomTableName' },
  { module: 'test_graphql_introspection.py', name: 'TestNullableObjectRelationshipInSchema' },
  { module: 'test_graphql_introspection.py', name: 'TestGraphQlIntrospectionDescriptions' },
    // test_validation.py
  {
    module: 'test_validation.py',
    name: 'TestGraphQLValidation',
    skipSteps: [{ file: 'variable_type_mismatch.yaml', steps: [3], reason: 'PostGIS (a geometry variable where geography is expected)' }],
    sqlEdits: [[',\n    location GEOGRAPHY(Point)\n', ',\n    location geography\n'], ['create table author(', 'create domain geography as text;\ncreate table author(']],
    notes: ['PostGIS removed: author.location is a text domain named geography (the cases only send it null or list it).'],
  },
];

// Classes deliberately left out, with the reason: ../not-converted.json (shown in the README).
