// A local stand-in for the reference agent's SaaS, so that it runs offline and alike on every
// run. At start the agent registers its authentication client (answered 404: it only logs a
// warning), reads the IP allow-list, and asks whether its schema hash is known (yes: a restart,
// nothing to upload). On its first request it fetches the environment's permissions, the users
// and the rendering's scopes, then serves from its cache (15 minutes, `instantCacheRefresh: false`).
// The answers give user 1 (role 1, the rendering 1 of team 1) the right to browse, read and
// export every collection, without a scope: the same rights as our offline agent's token.
import http from 'node:http';

const USER = {
  id: 1,
  firstName: 'Bench',
  lastName: 'Mark',
  fullName: 'Bench Mark',
  email: 'bench@example.com',
  tags: {},
  roleId: 1,
  permissionLevel: 'admin',
};
const ROLE = { roles: [USER.roleId] };

/** Rights on a collection of the reference agent's environment permissions. */
const collectionRights = () => ({
  collection: {
    browseEnabled: ROLE,
    readEnabled: ROLE,
    editEnabled: ROLE,
    addEnabled: ROLE,
    deleteEnabled: ROLE,
    exportEnabled: ROLE,
  },
  actions: {},
});

/** The user the reference agent's token carries (as its authentication callback signs it). */
export const REFERENCE_USER = {
  id: USER.id,
  email: USER.email,
  firstName: USER.firstName,
  lastName: USER.lastName,
  team: 'Ops',
  role: 'Admin',
  permissionLevel: USER.permissionLevel,
  renderingId: 1,
  tags: {},
};

/**
 * Starts the stand-in on a free port of 127.0.0.1 for an agent over `collections` (names).
 * Resolves to `{ url, requests, close }`; `requests` counts the calls by route.
 */
export function startSaasStandIn(collections) {
  const byName = (make) => Object.fromEntries(collections.map((name) => [name, make()]));
  const routes = {
    'GET /liana/v1/ip-whitelist-rules': () => ({ data: { attributes: { use_ip_whitelist: false, rules: [] } } }),
    'POST /forest/apimaps/hashcheck': () => ({ sendSchema: false }),
    'GET /liana/v4/permissions/environment': () => ({ collections: byName(collectionRights) }),
    'GET /liana/v4/permissions/users': () => [USER],
    'GET /liana/v4/permissions/renderings/1': () => ({
      team: { id: 1, name: 'Ops' },
      collections: byName(() => ({ scope: null, segments: [] })),
      stats: [],
    }),
  };
  const requests = {};
  const server = http.createServer((req, res) => {
    const route = `${req.method} ${req.url.split('?')[0]}`;
    requests[route] = (requests[route] ?? 0) + 1;
    req.resume();
    req.on('end', () => {
      const answer = routes[route];
      res.writeHead(answer ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer ? answer() : { errors: [{ detail: `${route} is not stood in for` }] }));
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        requests,
        close: () => new Promise((done) => server.close(done)),
      }),
    );
  });
}
