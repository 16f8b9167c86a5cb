import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { makeLibraryDataSource } from '@platform/datasource-toolkit/testing';
import { sleep } from '@platform/tooling/test-helpers';
import type { PlatformSchema } from '../../src';
import { makeAgent, makeWorkDir, useSandboxPlatform } from '../factories/make-agent';

const { connected } = useSandboxPlatform();

describe('agent schema file', () => {
  let work: Awaited<ReturnType<typeof makeWorkDir>>;
  let schemaPath: string;
  beforeEach(async () => {
    work = await makeWorkDir();
    schemaPath = path.join(work.dir, '.platform-schema.json');
  });
  afterEach(() => work.cleanUp());

  async function readSchema(): Promise<PlatformSchema> {
    return JSON.parse(await readFile(schemaPath, 'utf8'));
  }

  function libraryAgent(overrides: Parameters<typeof makeAgent>[1] = {}) {
    const dataSource = makeLibraryDataSource();
    const close = jest.spyOn(dataSource, 'close');
    const made = makeAgent(work.dir, overrides);
    made.agent.addDataSource(async () => dataSource);
    return { ...made, close };
  }

  test('is written at start in development', async () => {
    const { agent } = libraryAgent();

    await agent.start();
    await agent.stop();

    expect((await readSchema()).collections.map((collection) => collection.name)).toEqual([
      'authors',
      'bookTags',
      'books',
      'covers',
      'events',
      'reviews',
      'tags',
    ]);
  });

  test('is not rewritten when unchanged', async () => {
    const first = libraryAgent();
    await first.agent.start();
    await first.agent.stop();
    const before = (await stat(schemaPath)).mtimeMs;
    await sleep(20);

    const second = libraryAgent();
    await second.agent.start();
    await second.agent.stop();

    expect((await stat(schemaPath)).mtimeMs).toBe(before);
  });

  test('leaves out removed collections', async () => {
    const { agent } = libraryAgent();

    await agent.removeCollection('authors').start();
    await agent.stop();

    const schema = await readSchema();
    expect(schema.collections.map((collection) => collection.name)).toEqual([
      'bookTags',
      'books',
      'covers',
      'events',
      'reviews',
      'tags',
    ]);
  });

  test('is read from disk in production, not rewritten', async () => {
    const development = libraryAgent();
    await development.agent.start();
    await development.agent.stop();
    const before = (await stat(schemaPath)).mtimeMs;

    const production = libraryAgent({ ...connected(), isProduction: true });
    await production.agent.customizeCollection('books', (books) => books.removeField('status')).start();
    await production.agent.stop();

    expect((await stat(schemaPath)).mtimeMs).toBe(before);
    const status = (await readSchema()).collections[2]?.fields.find((field) => field.name === 'status');
    expect(status).toBeDefined();
  });

  test('warns in production when the file does not describe the served collections', async () => {
    const development = libraryAgent();
    await development.agent.start();
    await development.agent.stop();

    const production = libraryAgent({ ...connected(), isProduction: true });
    await production.agent.customizeCollection('books', (books) => books.removeField('status')).start();
    await production.agent.stop();

    expect(production.logger).toHaveBeenCalledWith('Warn', expect.stringContaining(schemaPath), undefined);
  });

  test('does not warn in production when the file is up to date', async () => {
    const development = libraryAgent();
    await development.agent.start();
    await development.agent.stop();

    const production = libraryAgent({ ...connected(), isProduction: true });
    await production.agent.start();
    await production.agent.stop();

    expect(production.logger).not.toHaveBeenCalledWith('Warn', expect.anything(), undefined);
  });

  test('is a startup error in production when missing, naming the path and the fix', async () => {
    const { agent, close } = libraryAgent({ ...connected(), isProduction: true });

    await expect(agent.start()).rejects.toMatchObject({
      name: 'SchemaFileError',
      message: expect.stringMatching(new RegExp(`${schemaPath}.*generateSchemaOnly`)),
    });
    expect(close).toHaveBeenCalled();
  });

  test('refuses to start when two actions resolve to one unsafe route, naming both', async () => {
    const { agent } = libraryAgent({ useUnsafeActionEndpoint: true });
    const execute = () => undefined;
    agent.customizeCollection('books', (books) =>
      books
        .addAction('Mark as live', { scope: 'Single', execute })
        .addAction('Mark as LIVE!', { scope: 'Single', execute }),
    );

    await expect(agent.start()).rejects.toMatchObject({
      name: 'ActionRouteClashError',
      message: expect.stringContaining("Actions 'Mark as live' and 'Mark as LIVE!' of collection 'books'"),
    });
  });

  test('describes the routes and static forms of actions added by customizations', async () => {
    const { agent } = libraryAgent();
    agent.customizeCollection('books', (books) =>
      books.addAction('Send reminder', {
        scope: 'Bulk',
        form: [{ label: 'Message', type: 'String', isRequired: true }],
        execute: () => undefined,
      }),
    );

    await agent.start();
    await agent.stop();

    const action = (await readSchema()).collections[2]?.actions[0];
    expect(action).toMatchObject({
      name: 'Send reminder',
      route: '/_actions/books/0/send-reminder',
      scope: 'Bulk',
      staticForm: true,
      fields: [expect.objectContaining({ label: 'Message', type: 'String', isRequired: true })],
    });
  });

  test('writes the typings at start in development when typingsPath is set', async () => {
    const typingsPath = path.join(work.dir, 'generated', 'typings.ts');
    const { agent } = libraryAgent({ typingsPath });

    await agent.start();
    await agent.stop();

    expect(await readFile(typingsPath, 'utf8')).toContain('export type Schema = {');
  });
});

describe('agent.generateSchemaOnly', () => {
  let work: Awaited<ReturnType<typeof makeWorkDir>>;
  beforeEach(async () => {
    work = await makeWorkDir();
  });
  afterEach(() => work.cleanUp());

  test('rebuilds the schema even in production, and leaves the data source open', async () => {
    const dataSource = makeLibraryDataSource();
    const close = jest.spyOn(dataSource, 'close');
    const typingsPath = path.join(work.dir, 'typings.ts');
    const { agent } = makeAgent(work.dir, { ...connected(), isProduction: true, typingsPath });
    agent.addDataSource(async () => dataSource);
    await writeFile(path.join(work.dir, '.platform-schema.json'), '{"stale": true}\n');

    await agent.generateSchemaOnly();

    const schema = JSON.parse(await readFile(path.join(work.dir, '.platform-schema.json'), 'utf8'));
    expect(schema.collections).toHaveLength(7);
    expect(await readFile(typingsPath, 'utf8')).toContain("'books': {");
    expect(close).not.toHaveBeenCalled();
    expect(agent.standaloneServerPort).toBeUndefined();
  });

  test('lets stop() close the data source it opened', async () => {
    const dataSource = makeLibraryDataSource();
    const close = jest.spyOn(dataSource, 'close');
    const { agent } = makeAgent(work.dir);
    agent.addDataSource(async () => dataSource);
    await agent.generateSchemaOnly();

    await agent.stop();

    expect(close).toHaveBeenCalledTimes(1);
  });
});

describe('agent.updateTypesOnFileSystem', () => {
  test('writes only the typings, at the given path and depth', async () => {
    const work = await makeWorkDir();
    const typingsPath = path.join(work.dir, 'typings.ts');
    const { agent } = makeAgent(work.dir);
    agent.addDataSource(async () => makeLibraryDataSource());

    await agent.updateTypesOnFileSystem(typingsPath, 0);

    const typings = await readFile(typingsPath, 'utf8');
    expect(typings).toContain("'author': Schema['authors']");
    expect(typings).not.toContain("'author:name'");
    await expect(stat(path.join(work.dir, '.platform-schema.json'))).rejects.toThrow();
    await work.cleanUp();
  });
});
