import { ValidationError } from '@platform/datasource-toolkit';

/** Options that pick paths: `include` (all when omitted) minus `exclude`, as `key:subKey` strings. */
export interface PathSelection {
  readonly include?: readonly string[];
  readonly exclude?: readonly string[];
}

/**
 * Keeps the `available` paths that `include` names (a path or one of its ancestors) and `exclude`
 * does not.
 * @throws ValidationError naming the option when it is not an array of strings or names a path
 *   that does not exist.
 */
export function selectPaths(
  plugin: string,
  available: readonly string[],
  { include, exclude }: PathSelection,
): string[] {
  const covers = (option: string) => (candidate: string) =>
    available.some((path) => path === candidate || path.startsWith(`${candidate}:`)) || fail(option, candidate);
  const fail = (option: string, candidate: string): never => {
    throw new ValidationError(
      `${plugin}: '${option}' names ${JSON.stringify(candidate)}, which is not a path of the value. Paths: ${available.join(', ')}.`,
      { details: { option, path: candidate, allowed: [...available] } },
    );
  };
  const check = (option: string, list: readonly string[] | undefined) => {
    if (list === undefined) return;
    if (!Array.isArray(list) || list.some((item) => typeof item !== 'string')) {
      throw new ValidationError(`${plugin}: '${option}' must be an array of paths such as 'address:city'.`);
    }
    list.forEach(covers(option));
  };
  check('include', include);
  check('exclude', exclude);

  const under = (list: readonly string[]) => (path: string) =>
    list.some((entry) => path === entry || path.startsWith(`${entry}:`));

  return available.filter((path) => (include ? under(include)(path) : true) && !under(exclude ?? [])(path));
}
