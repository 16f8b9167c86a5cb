import type { CollectionName, CollectionRecord, FieldName, RelationName, TypingsSchema } from '@platform/agent';
import { ActionClient, type ActionSelection, type RecordId } from './action-client';
import type { AgentHttp } from './agent-http';
import type { AgentSchemaFile } from './agent-schema-file';
import { NotFoundError } from './agent-test-client-errors';
import { type CountOptions, type ListOptions, toListQuery } from './list-query';
import { RelationClient } from './relation-client';

/** The collection a relation of `N` points at, from the typings' `relations` (any collection without them). */
export type ForeignCollectionName<S extends TypingsSchema, N extends CollectionName<S>, R extends string> =
  S[N]['relations'] extends Record<string, string>
    ? R extends keyof S[N]['relations']
      ? Extract<S[N]['relations'][R], CollectionName<S>>
      : CollectionName<S>
    : CollectionName<S>;

/** The columns a create or an update writes. */
export type RecordPatch<S extends TypingsSchema, N extends CollectionName<S>> = Partial<S[N]['plain']>;

/** A chart as the agent renders it (`{ data }` of the chart routes). */
export type ChartData = Record<string, unknown>;

/** One collection of the agent: records, segments, relations, actions and charts. */
export class CollectionClient<S extends TypingsSchema, N extends CollectionName<S>> {
  private readonly path: string;

  constructor(
    private readonly http: AgentHttp,
    private readonly schema: AgentSchemaFile,
    readonly name: N,
    private readonly segmentName?: string,
  ) {
    this.path = `/${encodeURIComponent(name)}`;
  }

  async list(options: ListOptions<FieldName<S, N>> = {}): Promise<Array<CollectionRecord<S, N>>> {
    const query = toListQuery(this.name, options, this.segmentName);
    const answer = (await this.http.json({ method: 'GET', path: this.path, query, collection: this.name })) as {
      data: Array<CollectionRecord<S, N>>;
    };

    return answer.data;
  }

  /** The number of records, or `'deactivated'` for a collection that is not countable. */
  async count(options: CountOptions<FieldName<S, N>> = {}): Promise<number | 'deactivated'> {
    const query = toListQuery(this.name, options, this.segmentName);
    const answer = (await this.http.json({
      method: 'GET',
      path: `${this.path}/count`,
      query,
      collection: this.name,
    })) as {
      meta: { count: number | 'deactivated' };
    };

    return answer.meta.count;
  }

  /** The same collection, restricted to one of its segments (`list` and `count`). */
  segment(name: string): Pick<CollectionClient<S, N>, 'list' | 'count' | 'exportCsv'> {
    return new CollectionClient<S, N>(this.http, this.schema, this.name, name);
  }

  async getOne(id: RecordId): Promise<CollectionRecord<S, N>> {
    return this.data(await this.http.json({ method: 'GET', path: this.recordPath(id), collection: this.name }));
  }

  async create(record: RecordPatch<S, N>): Promise<CollectionRecord<S, N>> {
    return this.data(
      await this.http.json({ method: 'POST', path: this.path, body: { data: record }, collection: this.name }),
    );
  }

  async update(id: RecordId, patch: RecordPatch<S, N>): Promise<CollectionRecord<S, N>> {
    const answer = await this.http.json({
      method: 'PUT',
      path: this.recordPath(id),
      body: { data: patch },
      collection: this.name,
    });

    return this.data(answer);
  }

  /** Deletes one record, or several in one call when given a list. */
  async delete(ids: RecordId | readonly RecordId[]): Promise<void> {
    if (Array.isArray(ids)) {
      const body = { ids: (ids as readonly RecordId[]).map(String) };
      await this.http.send({ method: 'DELETE', path: this.path, body, collection: this.name });
      return;
    }
    await this.http.send({ method: 'DELETE', path: this.recordPath(ids as RecordId), collection: this.name });
  }

  /** The CSV export (`/:collection.csv`), as text. */
  async exportCsv(options: ListOptions<FieldName<S, N>> = {}): Promise<string> {
    const query = toListQuery(this.name, options, this.segmentName);
    const response = await this.http.send({ method: 'GET', path: `${this.path}.csv`, query, collection: this.name });

    return response.text();
  }

  /** A to-many relation of record `parentId`. */
  relation<R extends RelationName<S, N>>(
    name: R,
    parentId: RecordId,
  ): RelationClient<S, ForeignCollectionName<S, N, R>> {
    const foreign = this.schema.collections
      .find((collection) => collection.name === this.name)
      ?.fields?.find((field) => field.name === name)?.foreignCollection;

    return new RelationClient(
      this.http,
      this.name,
      (foreign ?? name) as ForeignCollectionName<S, N, R>,
      name,
      parentId,
    );
  }

  /**
   * An action of this collection on a selection. @throws NotFoundError when the agent's schema
   * file has no such action (the message lists those it has).
   */
  action(name: string, selection: ActionSelection = {}): ActionClient {
    const actions = this.schema.collections.find((collection) => collection.name === this.name)?.actions ?? [];
    const action = actions.find((candidate) => candidate.name === name);
    if (action === undefined) {
      const known = actions.map((candidate) => `'${candidate.name}'`).join(', ') || 'none';
      throw new NotFoundError(
        `Collection '${this.name}' has no action '${name}' in the agent schema file (actions: ${known}).`,
        {
          status: 404,
          collection: this.name,
          request: `action ${name}`,
        },
      );
    }

    return new ActionClient(this.http, this.name, action, selection);
  }

  /** A chart of this collection, rendered for one record. */
  async chart(name: string, recordId: RecordId): Promise<ChartData> {
    const path = `/_charts${this.path}/${encodeURIComponent(name)}`;
    const query = new URLSearchParams({ recordId: String(recordId) });

    return this.data(await this.http.json({ method: 'GET', path, query, collection: this.name })) as ChartData;
  }

  private recordPath(id: RecordId): string {
    return `${this.path}/${encodeURIComponent(String(id))}`;
  }

  private data(answer: unknown): CollectionRecord<S, N> {
    return (answer as { data: CollectionRecord<S, N> }).data;
  }
}
