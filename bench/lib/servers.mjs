// The servers a benchmark starts, each in its own process so that its CPU time and RSS are its own.
import { fork } from 'node:child_process';
import net from 'node:net';

/**
 * Forks `script` with `args` and resolves once it sends its first IPC message (`{ port, ... }`)
 * to `{ child, startMs, ...message }`, `startMs` counting from the fork. Rejects if it exits first.
 */
export function startServer(script, args = [], { env = {}, execArgv = [] } = {}) {
  const started = performance.now();
  const child = fork(script, args, {
    env: { ...process.env, ...env },
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const onExit = (code) => reject(new Error(`${script} ${args.join(' ')} exited with ${code}`));
    child.once('exit', onExit);
    child.once('message', (message) => {
      child.off('exit', onExit);
      resolve({ child, startMs: performance.now() - started, ...message });
    });
  });
}

/** Stops a server of `startServer` with SIGTERM (a normal exit: --cpu-prof profiles get written). */
export function stopServer(server) {
  if (server.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.child.once('exit', resolve);
    server.child.kill('SIGTERM');
  });
}

/** A port free on 127.0.0.1 now, for a server that must be told its port. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers 2xx (10 s at most). */
export async function waitUntilServing(url, name) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} did not start`);
}

/** The server's memory usage after a full collection (it answers 'memory' with `{ memory }`). */
export function liveMemory(server) {
  return new Promise((resolve) => {
    const onMessage = (message) => {
      if (!message.memory) return;
      server.child.off('message', onMessage);
      resolve(message.memory);
    };
    server.child.on('message', onMessage);
    server.child.send('memory');
  });
}
