import {
  type Collection,
  type ConditionTree,
  ConditionTreeFactory,
  ConditionTreeValidator,
  ValidationError,
} from '@platform/datasource-toolkit';
import { exceedsDepth, MAX_BODY_DEPTH } from '../middlewares/limit-body-depth';

/**
 * The condition tree of a `filters` parameter (JSON text) or body field (JSON value), checked
 * against `collection`: fields exist, operators are allowed, values fit.
 * @throws ValidationError (or MissingFieldError) naming the problem.
 */
export function parseConditionTree(input: unknown, collection: Collection): ConditionTree | undefined {
  if (input === undefined || input === null || input === '') return undefined;

  let json = input;
  if (typeof input === 'string') {
    try {
      json = JSON.parse(input);
    } catch (error) {
      throw new ValidationError(
        'Invalid filters: expected a JSON condition tree such as {"field":"title","operator":"Equal","value":"Dune"}.',
        { cause: error },
      );
    }
  }

  // A `filters` query parameter gets the depth limit bodies get (limitBodyDepth).
  if (typeof input === 'string' && exceedsDepth(json, MAX_BODY_DEPTH)) {
    throw new ValidationError(
      `Invalid filters: arrays and objects nest at most ${MAX_BODY_DEPTH} levels deep; flatten the value.`,
      { details: { maxDepth: MAX_BODY_DEPTH } },
    );
  }
  const tree = ConditionTreeFactory.fromPlainObject(json);
  ConditionTreeValidator.validate(tree, collection);

  return tree;
}
