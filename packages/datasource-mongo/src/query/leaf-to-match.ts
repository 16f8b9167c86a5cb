import { type ConditionTreeLeaf, escapeRegExp, likeToRegExp, parseRegExp } from '@platform/datasource-toolkit';
import type { MongoDocument, ObjectIdClass } from '../connection/mongo-driver';
import { toMongoValue } from './bson-values';
import type { ResolvedField } from './resolve-field';

/**
 * One leaf whose operator `$match` runs natively, with the toolkit's null semantics: a condition
 * on a null or missing value is false, except `Blank`, `Missing` and the negative operators.
 * @internal
 */
export function leafToMatch(leaf: ConditionTreeLeaf, field: ResolvedField, ObjectId: ObjectIdClass): MongoDocument {
  const path = field.mongoPath;
  const { columnType } = field.column;
  const target = { collection: field.model.name, field: leaf.field };
  const itemType = field.column.mongoType.kind === 'array' ? field.column.mongoType.items : field.column.mongoType;
  const convert = (value: unknown) => toMongoValue(value, field.column.mongoType, ObjectId, target);
  const convertItem = (value: unknown) => (itemType ? toMongoValue(value, itemType, ObjectId, target) : value);
  const list = () => (Array.isArray(leaf.value) ? leaf.value : [leaf.value]);
  const text = String(leaf.value);
  const canBeEmpty = columnType === 'String' || columnType === 'File';
  // A regular expression never matches an ObjectId in a query: patterns on ObjectId fields (a search
  // by id) compare their hex string instead.
  const isObjectId = field.column.mongoType.kind === 'scalar' && field.column.mongoType.type === 'ObjectId';
  const onHex = (regex: RegExp) => ({ $regexMatch: { input: { $toString: `$${path}` }, regex } });
  const matches = (regex: RegExp) => (isObjectId ? { $expr: onHex(regex) } : { [path]: { $regex: regex } });
  const notMatches = (regex: RegExp) =>
    isObjectId ? { $expr: { $not: [onHex(regex)] } } : { [path]: { $not: regex } };

  switch (leaf.operator) {
    case 'Present':
      return { [path]: canBeEmpty ? { $nin: [null, ''] } : { $ne: null } };
    case 'Blank':
      return { [path]: canBeEmpty ? { $in: [null, ''] } : null };
    case 'Missing':
      return { [path]: null };
    case 'Equal':
      return { [path]: { $eq: convert(leaf.value) } };
    case 'NotEqual':
      return { [path]: { $ne: convert(leaf.value) } };
    case 'In':
      return { [path]: { $in: list().map(convert) } };
    case 'NotIn':
      return { [path]: { $nin: list().map(convert) } };
    case 'LessThan':
    case 'Before':
      return { [path]: { $lt: convert(leaf.value) } };
    case 'LessThanOrEqual':
      return { [path]: { $lte: convert(leaf.value) } };
    case 'GreaterThan':
    case 'After':
      return { [path]: { $gt: convert(leaf.value) } };
    case 'GreaterThanOrEqual':
      return { [path]: { $gte: convert(leaf.value) } };
    case 'Like':
      return matches(likeToRegExp(text, false));
    case 'ILike':
      return matches(likeToRegExp(text, true));
    case 'Contains':
      return matches(new RegExp(escapeRegExp(text)));
    case 'IContains':
      return matches(new RegExp(escapeRegExp(text), 'i'));
    case 'NotContains':
      return notMatches(new RegExp(escapeRegExp(text)));
    case 'NotIContains':
      return notMatches(new RegExp(escapeRegExp(text), 'i'));
    case 'StartsWith':
      return matches(new RegExp(`^${escapeRegExp(text)}`));
    case 'IStartsWith':
      return matches(new RegExp(`^${escapeRegExp(text)}`, 'i'));
    case 'EndsWith':
      return matches(new RegExp(`${escapeRegExp(text)}$`));
    case 'IEndsWith':
      return matches(new RegExp(`${escapeRegExp(text)}$`, 'i'));
    case 'Match':
      return matches(parseRegExp(leaf.value));
    case 'LongerThan':
      return { $expr: { $gt: [stringLength(path), Number(leaf.value)] } };
    case 'ShorterThan':
      // A non-string counts as -1 characters for LongerThan but must not pass ShorterThan.
      return { $and: [{ [path]: { $type: 'string' } }, { $expr: { $lt: [stringLength(path), Number(leaf.value)] } }] };
    case 'IncludesAll':
      return { [path]: { $all: list().map(convertItem) } };
    case 'IncludesNone':
      return { [path]: { $nin: list().map(convertItem) } };
    default:
      throw new Error(`Operator ${leaf.operator} is not native to MongoDB: rewrite it first.`);
  }
}

/** The length in code points of a string field, -1 for anything else (so `$strLenCP` never fails). */
function stringLength(path: string): MongoDocument {
  return { $cond: [{ $eq: [{ $type: `$${path}` }, 'string'] }, { $strLenCP: `$${path}` }, -1] };
}
