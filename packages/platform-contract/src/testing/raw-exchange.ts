import net from 'node:net';

/** Writes `request` as is on a new connection and reads the answer until the server closes it. */
export async function rawExchange(serverUrl: string, request: string): Promise<string> {
  const { hostname, port } = new URL(serverUrl);
  const socket = net.connect(Number(port), hostname);
  let answer = '';
  socket.on('data', (chunk: Buffer) => {
    answer += chunk.toString();
  });
  socket.on('error', () => {});
  socket.write(request);
  await new Promise((resolve) => socket.on('close', resolve));
  return answer;
}
