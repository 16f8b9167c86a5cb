#!/usr/bin/env node
// Checks that every relative link of the Markdown files a package publishes (README.md, docs/...)
// resolves to a file of its tarball, and every `#anchor` to a heading of the file it names: the
// registry shows the README, and a file left out of `files` is a broken link there.
// Usage: node check-readme-links.mjs [package directory...]  (default: every publishable package)
// Prints each broken link as `file:line: target: problem` and exits 1 when there is one.
// `findBrokenLinks(packageDir, files?)` does the same for one package, given its tarball's paths.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The paths (`README.md`, `docs/x.md`...) `npm pack` puts in the package's tarball. */
export function packedFiles(packageDir) {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', '--loglevel=error'], {
    cwd: packageDir,
    encoding: 'utf8',
  });

  return JSON.parse(out)[0].files.map((file) => file.path);
}

/**
 * The broken links of the packed Markdown files of `packageDir`, as `{ file, line, target, problem }`.
 * `files` lists the tarball's paths (default: what `npm pack --dry-run` would pack).
 */
export function findBrokenLinks(packageDir, files = packedFiles(packageDir)) {
  const packed = new Set(files);

  return linksToFiles(packageDir, files).flatMap(({ file, line, target }) => {
    const problem = problemOf(target, file, packed, packageDir);
    return problem ? [{ file, line, target, problem }] : [];
  });
}

/** The links of the packed Markdown files to files and anchors (same page or not); URLs are left out. */
function linksToFiles(packageDir, files) {
  return files
    .filter((path) => path.endsWith('.md'))
    .flatMap((file) => linksOf(readFileSync(join(packageDir, file), 'utf8')).map((link) => ({ file, ...link })))
    .filter(({ target }) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('//')); // https:, mailto:
}

function problemOf(target, file, packed, packageDir) {
  if (target.startsWith('/')) return 'a path from the root resolves against the registry site, not the package';
  const [pathPart = '', encodedAnchor] = target.split('#');
  let path;
  let anchor;
  try {
    path = decodeURI(pathPart.split('?')[0] ?? '');
    anchor = encodedAnchor && decodeURIComponent(encodedAnchor);
  } catch {
    return 'malformed percent-encoding';
  }
  const linked = path === '' ? file : posix.normalize(posix.join(posix.dirname(file), path));
  if (linked.startsWith('../')) return 'points outside the package';
  const isDirectory = [...packed].some((packedPath) => packedPath.startsWith(linked.replace(/\/?$/, '/')));
  if (!packed.has(linked) && !isDirectory) return `${linked} is not in the tarball (add it to \`files\`)`;
  if (anchor && linked.endsWith('.md') && !anchorsOf(readFileSync(join(packageDir, linked), 'utf8')).has(anchor)) {
    return `${linked} has no heading #${anchor}`;
  }

  return undefined;
}

/** Inline links and images, reference definitions and HTML href/src, outside code. */
function linksOf(markdown) {
  const links = [];
  withoutCode(markdown).forEach((text, index) => {
    const patterns = [
      /\]\(\s*(<[^>]*>|[^)\s]+)[^)]*\)/g,
      /^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/g,
      /<(?:a|img)\s[^>]*?(?:href|src)=["']([^"']+)["']/gi,
    ];
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) {
        links.push({ line: index + 1, target: (match[1] ?? '').replace(/^<|>$/g, '') });
      }
    }
  });

  return links;
}

/** The anchors GitHub and npm give the file's headings (github-slugger's rule), and explicit ids. */
function anchorsOf(markdown) {
  const anchors = new Set();
  const counts = new Map();
  for (const text of withoutCode(markdown)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(text)?.[1];
    if (heading !== undefined) {
      const slug = heading
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .toLowerCase()
        .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
        .replace(/ /g, '-');
      const count = counts.get(slug) ?? 0;
      counts.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const match of text.matchAll(/\s(?:id|name)=["']([^"']+)["']/g)) anchors.add(match[1]);
  }

  return anchors;
}

/** The file's lines with fenced blocks emptied and code spans blanked, so line numbers hold. */
function withoutCode(markdown) {
  let fence;
  return markdown.split('\n').map((text) => {
    const opening = /^ {0,3}(`{3,}|~{3,})/.exec(text)?.[1];
    if (fence === undefined && opening) {
      fence = opening;
      return '';
    }
    if (fence !== undefined) {
      if (text.trim().startsWith(fence)) fence = undefined;
      return '';
    }

    return text.replace(/(`+)[\s\S]*?\1/g, (span) => ' '.repeat(span.length));
  });
}

function publishablePackages(root) {
  const packagesDir = join(root, 'packages');
  return readdirSync(packagesDir)
    .map((name) => join(packagesDir, name))
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .filter((dir) => !JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).private);
}

function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const args = process.argv.slice(2);
  const dirs = args.length > 0 ? args.map((dir) => resolve(dir)) : publishablePackages(root);
  let brokenCount = 0;
  for (const dir of dirs) {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const files = packedFiles(dir);
    const broken = findBrokenLinks(dir, files);
    for (const { file, line, target, problem } of broken) {
      console.error(`${relative(process.cwd(), join(dir, file))}:${line}: ${target}: ${problem}`);
    }
    brokenCount += broken.length;
    console.log(
      `readme links: ${manifest.name}: ${broken.length === 0 ? 'every link resolves' : `${broken.length} broken`}`,
    );
    // npmjs.com rewrites relative links against `repository` (+ `directory`); without it they 404
    // on the registry page even when the file is packed (they work in node_modules and on unpkg).
    const linksElsewhere = linksToFiles(dir, files).filter(({ target }) => !target.startsWith('#'));
    if (linksElsewhere.length > 0 && manifest.repository?.directory === undefined) {
      console.warn(
        `readme links: ${manifest.name}: no repository.directory, so npmjs.com cannot resolve relative links`,
      );
    }
  }
  process.exitCode = brokenCount > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
