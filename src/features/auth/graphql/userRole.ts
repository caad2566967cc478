// The `user` role holds the permissions on the signed-in user's own auth rows (personal access
// tokens, security keys), so those requests ask for it explicitly (staff users' default role is
// their product role).
export const USER_ROLE_CONTEXT = { headers: { 'x-hasura-role': 'user' } };
