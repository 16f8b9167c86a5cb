/**
 * The identity module's surface for the rest of platform-api: who is signed in (sessions and the
 * middleware for routes), users, teams, and first-time organization setup.
 */

export { generateEnvironmentSecret, hashEnvironmentSecret } from './environment-secret';
export { DEFAULT_TEAM_NAME, type OrganizationSetup, setupOrganization } from './organization-setup';
export { getSession, getSessionLocals, type RequireSessionOptions, requireSession } from './session-middleware';
export type { AuthenticatedSession, SessionView } from './sessions-service';
export { addTeamMember, addTeamToProject, type TeamView } from './teams-service';
export type { UserView } from './user-view';
export { addUserToProject, createUser, getUserByEmail, listProjectUsers, type ProjectUserView } from './users-service';
