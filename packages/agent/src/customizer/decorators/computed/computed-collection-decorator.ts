import {
  type AggregateResult,
  type Aggregation,
  type Caller,
  type CollectionSchema,
  FieldValidator,
  type Filter,
  isErrorOfKind,
  isRelation,
  MissingFieldError,
  type PaginatedFilter,
  type Projection,
  type RecordData,
  ValidationError,
} from '@platform/datasource-toolkit';
import { CollectionDecorator, toPaginatedFilter } from '../collection-decorator';
import { assertNewFieldName } from '../field-checks';
import { computeInPlace } from './compute-in-place';
import type { ComputedDefinition } from './types';
import { validateComputedDefinition } from './validate-computed-definition';

/**
 * Adds computed fields: read-only columns whose values come from `getValues` over other fields.
 *
 * `list` asks the child for the dependencies instead of the computed fields, then computes each
 * computed field once per page (see `computeInPlace`). Computed fields are neither filterable nor
 * sortable here; the operator-emulation and sort-emulation layers above can make them so.
 * Aggregating a computed field reads every matching record and aggregates in memory: costly.
 */
export class ComputedCollectionDecorator extends CollectionDecorator {
  private readonly computeds = new Map<string, ComputedDefinition>();

  /**
   * @throws ValidationError for a bad definition, an existing name or a cycle of computed fields.
   * @throws MissingFieldError for a dependency that does not exist.
   */
  registerComputed(name: string, definition: ComputedDefinition): void {
    assertNewFieldName(this, name);
    validateComputedDefinition(this.name, name, definition);

    this.computeds.set(name, definition);
    try {
      this.rewritePath(name);
      for (const dependency of definition.dependencies) FieldValidator.validate(this, dependency);
    } catch (error) {
      this.computeds.delete(name);
      throw inDefinitionOf(`${this.name}.${name}`, error);
    }
    this.markSchemaAsDirty();
  }

  override get isCustomized(): boolean {
    return this.computeds.size > 0;
  }

  /** The definition of the computed field at `path` (`author:fullName` follows relations), if any. */
  getComputed(path: string): ComputedDefinition | undefined {
    const index = path.indexOf(':');
    if (index === -1) return this.computeds.get(path);
    const relation = this.childCollection.schema.fields[path.slice(0, index)];

    return isRelation(relation)
      ? this.sibling(relation.foreignCollection).getComputed(path.slice(index + 1))
      : undefined;
  }

  /**
   * The paths the child must return to compute `path`: the path itself, or for a computed field
   * its dependencies, recursively.
   * @throws ValidationError when computed fields depend on each other in a cycle.
   */
  rewritePath(path: string, visiting: readonly string[] = []): string[] {
    const index = path.indexOf(':');
    if (index !== -1) {
      const prefix = path.slice(0, index);
      const relation = this.childCollection.schema.fields[prefix];
      if (!isRelation(relation)) return [path];

      return this.sibling(relation.foreignCollection)
        .rewritePath(path.slice(index + 1), visiting)
        .map((subPath) => `${prefix}:${subPath}`);
    }

    const computed = this.computeds.get(path);
    if (computed === undefined) return [path];
    const id = `${this.name}.${path}`;
    if (visiting.includes(id)) {
      throw new ValidationError(`Computed fields depend on each other in a cycle: ${[...visiting, id].join(' → ')}.`);
    }

    return computed.dependencies.flatMap((dependency) => this.rewritePath(dependency, [...visiting, id]));
  }

  override async list(caller: Caller, filter: PaginatedFilter, projection: Projection): Promise<RecordData[]> {
    const childProjection = projection.replace((path) => this.rewritePath(path));
    const records = await super.list(caller, filter, childProjection);
    if (childProjection.equals(projection)) return records;

    await computeInPlace(this, caller, records, projection);

    return projection.apply(records);
  }

  override async aggregate(
    caller: Caller,
    filter: Filter,
    aggregation: Aggregation,
    limit?: number,
  ): Promise<AggregateResult[]> {
    if (!aggregation.projection.some((path) => this.getComputed(path))) {
      return super.aggregate(caller, filter, aggregation, limit);
    }

    // Costly: every matching record is read, then aggregated in memory.
    const records = await this.list(caller, toPaginatedFilter(filter), aggregation.projection);

    return aggregation.apply(records, caller.timezone, limit);
  }

  protected override refineSchema(childSchema: CollectionSchema): CollectionSchema {
    const fields = { ...childSchema.fields };
    for (const [name, computed] of this.computeds) {
      fields[name] = {
        type: 'Column',
        columnType: computed.columnType,
        filterOperators: new Set(),
        isReadOnly: true,
        isSortable: false,
        ...(computed.defaultValue === undefined ? {} : { defaultValue: computed.defaultValue }),
        ...(computed.enumValues === undefined ? {} : { enumValues: computed.enumValues }),
      };
    }

    return { ...childSchema, fields };
  }

  /** The collection `name` of this layer (computed fields of related records live there). */
  sibling(name: string): ComputedCollectionDecorator {
    return this.dataSource.getCollection(name) as ComputedCollectionDecorator;
  }
}

function inDefinitionOf(field: string, error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const message = `Invalid computed field '${field}': ${error.message}`;

  return isErrorOfKind(error, 'MissingFieldError')
    ? new MissingFieldError(message, { cause: error })
    : new ValidationError(message, { cause: error });
}
