import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Agent } from '@platform/agent';
import { writeProjectTypings } from '../../src/typings/project-typings';
import { shopIntrospection } from '../factories/introspection';
import { tempDir } from '../factories/temp-dir';

const silent = () => undefined;

describe('writeProjectTypings', () => {
  let dir: ReturnType<typeof tempDir>;
  let typingsPath: string;
  beforeEach(() => {
    dir = tempDir();
    typingsPath = path.join(dir.path, 'typings.d.ts');
  });
  afterEach(() => dir.remove());

  test('writes the collections of the stored introspection, without a database', async () => {
    // The introspection is PostgreSQL's; no PostgreSQL is reached (the URI used never resolves).
    await writeProjectTypings({
      introspection: shopIntrospection(),
      customize: () => undefined,
      typingsPath,
      maxDepth: 5,
      logger: silent,
    });

    const typings = readFileSync(typingsPath, 'utf8');
    expect(typings).toContain('export type Schema = {');
    expect(typings).toMatch(/'customers': \{\n {4}plain: \{\n {6}'id': number;\n {6}'name': string;/);
    expect(typings).toContain("'customer_id': number | null;");
  });

  test('includes the fields and relations the customization adds', async () => {
    const customize = (agent: Agent) => {
      agent.customizeCollection('orders', (orders) =>
        orders
          .addField('amountLabel', {
            columnType: 'String',
            dependencies: ['amount'],
            getValues: (records) => records.map((record) => `${record.amount}`),
          })
          .addManyToOneRelation('buyer', 'customers', { foreignKey: 'customer_id' }),
      );
    };

    await writeProjectTypings({
      introspection: shopIntrospection(),
      customize,
      typingsPath,
      maxDepth: 5,
      logger: silent,
    });

    const typings = readFileSync(typingsPath, 'utf8');
    expect(typings).toContain("'amountLabel': string | null;");
    expect(typings).toContain("'buyer': 'customers';");
    expect(typings).toContain("'buyer:name': string;");
  });

  test('lists relation:field paths down to maxDepth relations', async () => {
    const write = (maxDepth: number) =>
      writeProjectTypings({
        introspection: shopIntrospection(),
        customize: () => undefined,
        typingsPath,
        maxDepth,
        logger: silent,
      });

    await write(1);
    expect(readFileSync(typingsPath, 'utf8')).toContain("'customer:name': string;");
    await write(0);
    expect(readFileSync(typingsPath, 'utf8')).not.toContain("'customer:name'");
  });

  test('refuses an introspection it cannot read, naming the bad field', async () => {
    const broken = { ...shopIntrospection(), dialect: 'oracle' };

    await expect(
      writeProjectTypings({
        introspection: broken,
        customize: () => undefined,
        typingsPath,
        maxDepth: 5,
        logger: silent,
      }),
    ).rejects.toMatchObject({ name: 'BuildError', message: expect.stringContaining('dialect') });
  });

  test('reports a customization that fails on this database structure', async () => {
    const customize = (agent: Agent) => {
      agent.customizeCollection('invoices', (invoices) => invoices.disableCount());
    };

    await expect(
      writeProjectTypings({ introspection: shopIntrospection(), customize, typingsPath, maxDepth: 5, logger: silent }),
    ).rejects.toMatchObject({
      name: 'BuildError',
      message: expect.stringMatching(/^the customization of src\/index\.ts failed: .*invoices/),
    });
  });
});
