import { makeLibraryDataSource } from '@platform/datasource-toolkit/testing';
import type { HookHandler } from '../../../../src';
import { makeAgent, makeWorkDir } from '../../../factories/make-agent';
import { signToken } from '../../../factories/tokens';

// What the user receives when a hook aborts an operation, through the agent's error handler:
// the helpers' messages are shown, any other error is a logged 500 with its message hidden.
describe('errors thrown by a hook, over HTTP', () => {
  let work: Awaited<ReturnType<typeof makeWorkDir>>;
  beforeEach(async () => {
    work = await makeWorkDir();
  });
  afterEach(() => work.cleanUp());

  /** Deletes book 1 through an agent whose Before Delete hook is `hook`; stops the agent. */
  async function deleteBookThrough(hook: HookHandler<'Before', 'Delete'>) {
    const { agent, logger } = makeAgent(work.dir);
    agent
      .addDataSource(async () => makeLibraryDataSource())
      .customizeCollection('books', (books) => books.addHook('Before', 'Delete', hook));
    await agent.start();
    try {
      const response = await fetch(`http://127.0.0.1:${agent.standaloneServerPort}/platform/books/1`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${await signToken()}` },
      });
      return { status: response.status, text: await response.text(), logger };
    } finally {
      await agent.stop();
    }
  }

  test('answers a plain Error with a 500 "Unexpected error" that hides its message', async () => {
    const { status, text } = await deleteBookThrough(() => {
      throw new Error('Orders are never deleted (db password: hunter2)');
    });

    expect(status).toBe(500);
    expect(JSON.parse(text)).toEqual({
      errors: [{ name: 'InternalServerError', detail: 'Unexpected error', status: 500 }],
    });
    expect(text).not.toContain('never deleted');
  });

  test('logs the plain Error it hides, at Error level', async () => {
    const thrown = new Error('Orders are never deleted');

    const { logger } = await deleteBookThrough(() => {
      throw thrown;
    });

    expect(logger).toHaveBeenCalledWith('Error', 'Unexpected error on DELETE /platform/books/1', thrown);
  });

  test.each([
    ['throwValidationError', 400, 'ValidationError'],
    ['throwForbiddenError', 403, 'ForbiddenError'],
    ['throwError', 422, 'UnprocessableError'],
  ] as const)('answers %s with a %i %s that shows its message', async (helper, status, name) => {
    const response = await deleteBookThrough((context) => context[helper]('Books are never deleted.'));

    expect(response.status).toBe(status);
    expect(JSON.parse(response.text)).toEqual({
      errors: [expect.objectContaining({ name, detail: 'Books are never deleted.', status })],
    });
  });
});
