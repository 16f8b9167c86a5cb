import { silentLogger } from '@platform/tooling/test-helpers';
import { DecoratorsStack } from '../../../src/customizer/decorators/decorators-stack';
import { makeCountingLibrary } from '../../factories/make-counting-library';

/** The class names of the layers from the top of the stack down to the data source. */
function layerNames(stack: DecoratorsStack): string[] {
  const names: string[] = [];
  let collection: unknown = stack.dataSource.getCollection('books');
  while (collection && typeof collection === 'object' && 'childCollection' in collection) {
    names.push((collection as object).constructor.name);
    collection = (collection as { childCollection: unknown }).childCollection;
  }

  return names.reverse();
}

describe('DecoratorsStack', () => {
  test('stacks the layers from the database up in the documented order', () => {
    const stack = new DecoratorsStack(makeCountingLibrary());

    expect(layerNames(stack)).toEqual([
      'OverrideCollectionDecorator',
      'EmptyCollectionDecorator',
      'OperatorsEquivalenceCollectionDecorator',
      'ComputedCollectionDecorator',
      'OperatorsEmulateCollectionDecorator',
      'OperatorsEquivalenceCollectionDecorator',
      'RelationCollectionDecorator',
      'ComputedCollectionDecorator',
      'OperatorsEmulateCollectionDecorator',
      'OperatorsEquivalenceCollectionDecorator',
      'SearchCollectionDecorator',
      'SegmentCollectionDecorator',
      'SortEmulateCollectionDecorator',
      'ChartCollectionDecorator',
      'ActionCollectionDecorator',
      'SchemaCollectionDecorator',
      'WriteCollectionDecorator',
      'HookCollectionDecorator',
      'ValidationCollectionDecorator',
      'BinaryCollectionDecorator',
      'PublicationCollectionDecorator',
      'RenameFieldCollectionDecorator',
      'CollectionDecorator',
    ]);
  });

  test('applies queued customizations in order', async () => {
    const stack = new DecoratorsStack(makeCountingLibrary());
    const order: number[] = [];
    stack.queueCustomization(() => {
      order.push(1);
    });
    stack.queueCustomization(() => {
      order.push(2);
    });

    await stack.applyQueuedCustomizations(silentLogger);

    expect(order).toEqual([1, 2]);
  });

  test('runs what a customization queues right after it, before the next one', async () => {
    const stack = new DecoratorsStack(makeCountingLibrary());
    const order: string[] = [];
    stack.queueCustomization(() => {
      order.push('first');
      stack.queueCustomization(() => {
        order.push('queued by first');
      });
    });
    stack.queueCustomization(() => {
      order.push('second');
    });

    await stack.applyQueuedCustomizations(silentLogger);

    expect(order).toEqual(['first', 'queued by first', 'second']);
  });

  test('passes the logger to each customization', async () => {
    const stack = new DecoratorsStack(makeCountingLibrary());
    const customization = jest.fn();
    stack.queueCustomization(customization);

    await stack.applyQueuedCustomizations(silentLogger);

    expect(customization).toHaveBeenCalledWith(silentLogger);
  });

  test('stops at the first customization that fails', async () => {
    const stack = new DecoratorsStack(makeCountingLibrary());
    const after = jest.fn();
    stack.queueCustomization(() => {
      throw new Error('broken');
    });
    stack.queueCustomization(after);

    await expect(stack.applyQueuedCustomizations(silentLogger)).rejects.toThrow('broken');
    expect(after).not.toHaveBeenCalled();
  });
});
