import type { Caller, ManyToOneSchema, OneToOneSchema, RecordData } from '@platform/datasource-toolkit';
import { isPlainObject } from './merge-patches';
import { bothGiven, createRelated, findRelations, type RelationWriteTarget, withoutKeys } from './to-one-writes';

/** Creates `records`: ManyToOne relations first (for their keys), then the records, then OneToOne ones. */
export async function createWithRelations(
  { collection, child }: RelationWriteTarget,
  caller: Caller,
  records: RecordData[],
): Promise<RecordData[]> {
  const relations = findRelations(collection, records);
  if (relations.length === 0) return child.create(caller, records);

  const rows = records.map((record) => withoutKeys(record, relations));
  const related: Array<Record<string, RecordData | null>> = records.map(() => ({}));

  for (const { name, schema } of relations.filter(({ schema }) => schema.type === 'ManyToOne')) {
    const { foreignKey, foreignKeyTarget } = schema as ManyToOneSchema;
    const indexes = indexesWithObject(records, name);
    for (const index of indexes) {
      if ((records[index] as RecordData)[foreignKey] !== undefined) throw bothGiven(collection, name, foreignKey);
    }
    const created = await createRelated(
      collection,
      caller,
      schema,
      indexes.map((index) => records[index]?.[name] as RecordData),
    );
    indexes.forEach((index, position) => {
      (rows[index] as RecordData)[foreignKey] = created[position]?.[foreignKeyTarget];
      (related[index] as Record<string, RecordData | null>)[name] = created[position] ?? null;
    });
    records.forEach((record, index) => {
      if (record[name] === null) (rows[index] as RecordData)[foreignKey] = null;
    });
  }

  const created = await child.create(caller, rows);

  for (const { name, schema } of relations.filter(({ schema }) => schema.type === 'OneToOne')) {
    const { originKey, originKeyTarget } = schema as OneToOneSchema;
    const indexes = indexesWithObject(records, name);
    const values = indexes.map((index) => ({
      ...(records[index]?.[name] as RecordData),
      [originKey]: created[index]?.[originKeyTarget],
    }));
    const relatedCreated = await createRelated(collection, caller, schema, values);
    indexes.forEach((index, position) => {
      (related[index] as Record<string, RecordData | null>)[name] = relatedCreated[position] ?? null;
    });
  }

  return created.map((record, index) => ({ ...record, ...related[index] }));
}

function indexesWithObject(records: readonly RecordData[], name: string): number[] {
  return records.flatMap((record, index) => (isPlainObject(record[name]) ? [index] : []));
}
