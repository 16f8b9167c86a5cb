import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeLibraryDataSource } from '@platform/datasource-toolkit/testing';
import { sleep } from '@platform/tooling/test-helpers';
import { buildSchema } from '../../src/schema/build-schema';
import { readSchemaFile, writeSchemaFile } from '../../src/schema/schema-file';

describe('schema file', () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'agent-schema-'));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  async function schema() {
    return buildSchema(makeLibraryDataSource(), { useUnsafeActionEndpoint: false });
  }

  test('writes a schema it can read back', async () => {
    const file = path.join(directory, '.platform-schema.json');
    const written = await schema();

    await writeSchemaFile(file, written);

    expect(await readSchemaFile(file)).toEqual(written);
  });

  test('does not rewrite an unchanged file', async () => {
    const file = path.join(directory, '.platform-schema.json');
    expect(await writeSchemaFile(file, await schema())).toBe(true);
    const before = (await stat(file)).mtimeMs;
    await sleep(20);

    const wrote = await writeSchemaFile(file, await schema());

    expect(wrote).toBe(false);
    expect((await stat(file)).mtimeMs).toBe(before);
  });

  test('ends the file with a newline', async () => {
    const file = path.join(directory, '.platform-schema.json');

    await writeSchemaFile(file, await schema());

    expect((await readFile(file, 'utf8')).endsWith('}\n')).toBe(true);
  });

  test('names the path and how to generate a missing file', async () => {
    const file = path.join(directory, 'missing.json');

    await expect(readSchemaFile(file)).rejects.toMatchObject({
      name: 'SchemaFileError',
      message: expect.stringMatching(new RegExp(`${file}.*generateSchemaOnly`)),
    });
  });

  test('rejects a file that is not JSON', async () => {
    const file = path.join(directory, '.platform-schema.json');
    await writeFile(file, '{ nope');

    await expect(readSchemaFile(file)).rejects.toMatchObject({
      name: 'SchemaFileError',
      message: expect.stringContaining('is not valid JSON'),
    });
  });

  test('rejects JSON that is not a schema', async () => {
    const file = path.join(directory, '.platform-schema.json');
    await writeFile(file, '{"collections": 3}');

    await expect(readSchemaFile(file)).rejects.toMatchObject({
      name: 'SchemaFileError',
      message: expect.stringContaining('is not a platform schema'),
    });
  });
});
