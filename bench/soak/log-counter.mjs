// Counts the servers' log lines at Error (and Warn) level, as the quickstart relays them:
// platform-api writes pino JSON (`"level":50`), the example agent `<time> [Error] <message>`.
const LEVELS = { 40: 'Warn', 50: 'Error', 60: 'Error' };

function levelOf(line) {
  if (line.startsWith('{')) {
    try {
      return LEVELS[JSON.parse(line).level];
    } catch {
      return undefined;
    }
  }
  return /^\S+ \[(Warn|Error)\] /.exec(line)?.[1];
}

/** `onLine(name, line)` for `startQuickstart`'s `output`; the counts of each server; the first Error lines. */
export function createLogCounter({ keep = 5 } = {}) {
  const counts = new Map();
  const firstErrors = [];
  return {
    onLine(name, line) {
      const level = levelOf(line);
      if (level === undefined) return;
      const key = `${name} ${level}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (level === 'Error' && firstErrors.length < keep) firstErrors.push(`${name}: ${line.slice(0, 300)}`);
    },
    errorCount: () => [...counts].filter(([key]) => key.endsWith(' Error')).reduce((sum, [, count]) => sum + count, 0),
    describe() {
      const of = (name, level) => counts.get(`${name} ${level}`) ?? 0;
      const summary = ['platform-api', 'example']
        .map((name) => `${name} ${of(name, 'Error')} (Warn ${of(name, 'Warn')})`)
        .join(', ');
      return [summary, ...firstErrors.map((line) => `    ${line}`)].join('\n');
    },
  };
}
