import type { CollectionName, CollectionRecord, FieldName, TypingsSchema } from '@platform/agent';
import type { RecordId } from './action-client';
import type { AgentHttp } from './agent-http';
import { type CountOptions, type ListOptions, toListQuery } from './list-query';

/**
 * The records of a to-many relation of one parent record (`/:collection/:id/relationships/:relation`):
 * `F` is the foreign collection, whose fields the options name.
 */
export class RelationClient<S extends TypingsSchema, F extends CollectionName<S>> {
  private readonly path: string;

  constructor(
    private readonly http: AgentHttp,
    private readonly collection: string,
    private readonly foreignCollection: F,
    relation: string,
    parentId: RecordId,
  ) {
    this.path = `/${encodeURIComponent(collection)}/${encodeURIComponent(String(parentId))}/relationships/${encodeURIComponent(relation)}`;
  }

  /** The related records, with the options of `list` over the foreign collection. */
  async list(options: ListOptions<FieldName<S, F>> = {}): Promise<Array<CollectionRecord<S, F>>> {
    const answer = (await this.http.json({
      method: 'GET',
      path: this.path,
      query: toListQuery(this.foreignCollection, options),
      collection: this.collection,
    })) as { data: Array<CollectionRecord<S, F>> };

    return answer.data;
  }

  async count(options: CountOptions<FieldName<S, F>> = {}): Promise<number | 'deactivated'> {
    const answer = (await this.http.json({
      method: 'GET',
      path: `${this.path}/count`,
      query: toListQuery(this.foreignCollection, options),
      collection: this.collection,
    })) as { meta: { count: number | 'deactivated' } };

    return answer.meta.count;
  }

  /** Links records of the foreign collection to the parent. */
  async associate(...ids: RecordId[]): Promise<void> {
    await this.http.send({
      method: 'POST',
      path: this.path,
      body: { ids: ids.map(String) },
      collection: this.collection,
    });
  }

  /** Unlinks records (with `{ delete: true }`, deletes them). */
  async dissociate(ids: readonly RecordId[], options: { readonly delete?: boolean } = {}): Promise<void> {
    await this.http.send({
      method: 'DELETE',
      path: this.path,
      query: new URLSearchParams(options.delete ? { delete: 'true' } : {}),
      body: { ids: ids.map(String) },
      collection: this.collection,
    });
  }
}
