import { ConditionTreeLeaf, PaginatedFilter, Projection } from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { BSON } from 'mongodb';
import { makeShopDataSource } from '../factories/shop-documents';

/**
 * The regular expressions of the pipeline a list sends, as the server reads them: the driver encodes
 * them in BSON, whose encoder keeps the `i` and `m` flags, writes `g` as `s` and drops the others.
 */
async function regExpsOnTheWire(leaf: ConditionTreeLeaf): Promise<RegExp[]> {
  const { client, dataSource } = await makeShopDataSource();
  client.resetCalls();
  await dataSource
    .getCollection('customers')
    .list(makeCaller(), new PaginatedFilter({ conditionTree: leaf }), new Projection('name'));
  const decoded = BSON.deserialize(BSON.serialize({ pipeline: client.calls.aggregate[0] }), { bsonRegExp: true });

  const found: RegExp[] = [];
  const visit = (value: unknown): void => {
    if (value instanceof BSON.BSONRegExp) found.push(new RegExp(value.pattern, value.options));
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(visit);
  };
  visit(decoded);

  return found;
}

describe('regular expressions sent to the server', () => {
  test('a Like pattern matches across line breaks once encoded, without the s flag', async () => {
    const [regExp] = await regExpsOnTheWire(new ConditionTreeLeaf('name', 'Like', 'A%'));

    expect(regExp?.test('Ada\nLovelace')).toBe(true);
  });

  test('the g flag of a Match expression does not reach the server as s', async () => {
    const [regExp] = await regExpsOnTheWire(new ConditionTreeLeaf('name', 'Match', '/^a.a$/gi'));

    expect(regExp?.test('Ada')).toBe(true);
    expect(regExp?.test('a\na')).toBe(false);
  });
});
