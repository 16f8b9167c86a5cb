import {
  type Caller,
  type Chart,
  type Collection,
  type DataSource,
  type DataSourceSchema,
  NotFoundError,
  type RecordData,
  ValidationError,
} from '@platform/datasource-toolkit';

/**
 * Several data sources served as one: their collections side by side (names must be unique),
 * charts and native query connections routed to the data source that has them.
 */
export class CompositeDataSource implements DataSource {
  private readonly dataSources: Array<{ readonly dataSource: DataSource; readonly label: string }> = [];

  get collections(): Collection[] {
    return this.dataSources.flatMap(({ dataSource }) => dataSource.collections);
  }

  get schema(): DataSourceSchema {
    return { charts: this.dataSources.flatMap(({ dataSource }) => dataSource.schema.charts) };
  }

  get nativeQueryConnections(): readonly string[] {
    return this.dataSources.flatMap(({ dataSource }) => dataSource.nativeQueryConnections);
  }

  /**
   * Adds the collections of `dataSource`.
   * @param label names the data source in error messages (`data source #2 (createSqlDataSource)`).
   * @throws ValidationError when a collection, chart or connection name is already taken, naming both data sources.
   */
  addDataSource(dataSource: DataSource, label: string): void {
    for (const collection of dataSource.collections) {
      const owner = this.dataSources.find((entry) =>
        entry.dataSource.collections.some((existing) => existing.name === collection.name),
      );
      if (owner) {
        throw new ValidationError(
          `Collection '${collection.name}' of ${label} clashes with the collection of the same name in ${owner.label}. ` +
            'Rename one with the `rename` option of addDataSource, or leave one out with `exclude`.',
        );
      }
    }
    for (const chart of dataSource.schema.charts) {
      const owner = this.dataSources.find((entry) => entry.dataSource.schema.charts.includes(chart));
      if (owner) throw new ValidationError(`Chart '${chart}' of ${label} clashes with the chart of ${owner.label}.`);
    }
    for (const connection of dataSource.nativeQueryConnections) {
      const owner = this.dataSources.find((entry) => entry.dataSource.nativeQueryConnections.includes(connection));
      if (owner) {
        throw new ValidationError(
          `Native query connection '${connection}' of ${label} clashes with the connection of ${owner.label}.`,
        );
      }
    }

    this.dataSources.push({ dataSource, label });
  }

  /** @throws NotFoundError naming the collections that exist. */
  getCollection(name: string): Collection {
    const collection = this.collections.find((candidate) => candidate.name === name);
    if (collection === undefined) {
      const names = this.collections.map((candidate) => candidate.name);
      throw new NotFoundError(`Collection '${name}' does not exist. Collections: ${names.join(', ') || 'none'}.`, {
        details: { collection: name, allowed: names },
      });
    }

    return collection;
  }

  async renderChart(caller: Caller, name: string): Promise<Chart> {
    const owner = this.dataSources.find(({ dataSource }) => dataSource.schema.charts.includes(name));
    if (owner === undefined) {
      throw new NotFoundError(`Chart '${name}' does not exist. Charts: ${this.schema.charts.join(', ') || 'none'}.`);
    }

    return owner.dataSource.renderChart(caller, name);
  }

  async executeNativeQuery(
    connectionName: string,
    query: string,
    contextVariables?: Record<string, unknown>,
  ): Promise<RecordData[]> {
    const owner = this.dataSources.find(({ dataSource }) => dataSource.nativeQueryConnections.includes(connectionName));
    if (owner === undefined) {
      throw new NotFoundError(
        `Native query connection '${connectionName}' does not exist. ` +
          `Connections: ${this.nativeQueryConnections.join(', ') || 'none'}.`,
      );
    }

    return owner.dataSource.executeNativeQuery(connectionName, query, contextVariables);
  }

  async close(): Promise<void> {
    await Promise.all(this.dataSources.map(({ dataSource }) => dataSource.close()));
  }
}
