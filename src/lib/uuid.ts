/** A uuid in its text form, any case: what Postgres's uuid type and Hasura's session ids accept. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
