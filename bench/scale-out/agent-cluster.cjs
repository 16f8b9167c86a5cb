// `workers` agents sharing one port through Node's cluster, as a user would scale an agent out
// on one machine. Each worker is agent-http's server.cjs in `agent` mode (createAgent over
// createSqlDataSource on platform_bench, its own pool of 10); the primary hands each accepted
// connection to the next worker (round-robin, Node's default on Linux), then stays out of the way.
//   node --conditions=@platform/source --require ../lib/register-ts.cjs agent-cluster.cjs <workers> <authSecret>
// Sends `{ port, pids }` (the primary's and the workers') to the parent once every worker listens.
const cluster = require('node:cluster');
const path = require('node:path');

const [workerCount, authSecret] = process.argv.slice(2);
let isStopping = false;

cluster.setupPrimary({ exec: path.join(__dirname, '..', 'agent-http', 'server.cjs'), args: ['agent', authSecret] });

const workers = Array.from({ length: Number(workerCount) }, () => cluster.fork());
const listening = workers.map(
  (worker) =>
    new Promise((resolve, reject) => {
      worker.once('message', ({ port }) => resolve(port));
      worker.once('exit', (code) => (isStopping ? resolve() : reject(new Error(`worker exited with ${code}`))));
    }),
);

Promise.all(listening).then(
  (ports) => {
    // listen(0) in a cluster gives every worker the port the primary bound for the first one.
    if (new Set(ports).size !== 1) throw new Error(`workers listen on different ports: ${ports.join(', ')}`);
    process.send({ port: ports[0], pids: [process.pid, ...workers.map((worker) => worker.process.pid)] });
  },
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

process.on('SIGTERM', () => {
  isStopping = true;
  Promise.all(
    workers.map(
      (worker) =>
        new Promise((resolve) => {
          if (worker.isDead()) return resolve();
          worker.once('exit', resolve);
          worker.process.kill('SIGTERM');
        }),
    ),
  ).then(() => process.exit(0));
});
