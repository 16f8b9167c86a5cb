#!/usr/bin/env node
// `npm test`'s changeset step (root README, "Working on it"). It runs `changeset status` against
// main, which must exist as a branch (`main` or `origin/main`): on a fresh clone, HEAD is main.
//  1. Packages changed since HEAD left main (uncommitted edits included) need at least one
//     changeset: changesets' own rule, so on main itself only uncommitted edits count.
//  2. Every pending changeset parses and names packages that exist.
//  3. The release plan is what the changesets ask for: a package goes major only when a changeset
//     says major (not through a peer dependency), and every package a changeset names is versioned
//     (none stays pending forever, as one naming a private package did when those were not).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function mergeBase(ref) {
  try {
    execFileSync('git', ['merge-base', ref, 'HEAD'], { cwd: root, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

// With `main`, status reads every pending changeset. With only `origin/main` (a clone of another
// branch), `--since` limits it to the changesets added on this branch.
const since = mergeBase('main') ? [] : mergeBase('origin/main') ? ['--since=origin/main'] : undefined;
if (!since) {
  console.error('changesets: no main or origin/main to compare with; run `git fetch origin main:main` first.');
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), 'platform-changesets-'));
let plan;
try {
  const output = join(work, 'plan.json');
  const cli = join(root, 'node_modules', '@changesets', 'cli', 'bin.js');
  const status = spawnSync(process.execPath, [cli, 'status', ...since, `--output=${output}`], {
    cwd: root,
    stdio: 'inherit',
  });
  if (status.status === 0) plan = JSON.parse(readFileSync(output, 'utf8'));
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (!plan) process.exit(1);

const versioned = new Map(plan.releases.filter((release) => release.type !== 'none').map((r) => [r.name, r]));
const problems = [];
for (const release of versioned.values()) {
  const asked = plan.changesets.some((changeset) =>
    changeset.releases.some(({ name, type }) => name === release.name && type === 'major'),
  );
  if (release.type === 'major' && !asked)
    problems.push(
      `${release.name} would go major (${release.oldVersion} → ${release.newVersion}), no changeset asks it`,
    );
}
for (const changeset of plan.changesets) {
  for (const { name, type } of changeset.releases) {
    if (type !== 'none' && !versioned.has(name))
      problems.push(`.changeset/${changeset.id}.md names ${name}, which is never versioned`);
  }
}
if (problems.length > 0) {
  console.error(`changesets: the release plan is not what the changesets ask for:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
const bumps = [...versioned.values()].map((r) => `${r.name} ${r.oldVersion} → ${r.newVersion}`);
const next = bumps.length > 0 ? `; next versions: ${bumps.join(', ')}` : '';
console.log(`changesets: ${plan.changesets.length} pending${next}`);
