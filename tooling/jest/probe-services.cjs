const net = require('node:net');

/** Where each shared service is expected; overridable by environment variables. */
const SERVICES = {
  postgres: { host: process.env.PGHOST ?? '127.0.0.1', port: Number(process.env.PGPORT ?? 5432) },
  mariadb: { host: process.env.MYSQL_HOST ?? '127.0.0.1', port: Number(process.env.MYSQL_PORT ?? 3306) },
  redis: { host: process.env.REDIS_HOST ?? '127.0.0.1', port: Number(process.env.REDIS_PORT ?? 6379) },
};

function canConnect({ host, port }, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function probeServices() {
  const names = Object.keys(SERVICES);
  const results = await Promise.all(names.map((name) => canConnect(SERVICES[name])));
  return names.filter((_, i) => results[i]);
}

module.exports = { SERVICES, probeServices, canConnect };
