import { ConditionTreeLeaf } from '@platform/datasource-toolkit';
import request from 'supertest';
import { makeActionDataSource } from '../../factories/action-data-source';
import { makeApp } from '../../factories/make-app';

describe('action routes', () => {
  test('runs a Success action on one record, with its values, and answers what to refresh', async () => {
    const { dataSource, probe } = makeActionDataSource();
    const { app, authorization } = await makeApp({ dataSource });

    const response = await request(app)
      .post('/platform/_actions/books/0/mark-as-read')
      .set('Authorization', authorization)
      .send({ values: { comment: 'great' }, ids: ['2'] });

    expect(response.status).toBe(200);
    expect(response.headers['x-action']).toBe('success');
    expect(response.body).toEqual({ success: 'Marked!', html: '<p>done</p>', refresh: { relationships: ['reviews'] } });
    expect(probe.executions[0]?.values).toEqual({ comment: 'great' });
    expect(probe.executions[0]?.filter?.conditionTree).toEqual(new ConditionTreeLeaf('id', 'In', [2]));
    expect(probe.executions[0]?.caller.email).toBe('ada@example.com');
  });

  test('answers an Error result with 400 and its message', async () => {
    const { dataSource } = makeActionDataSource();
    const { app, authorization } = await makeApp({ dataSource });

    const response = await request(app)
      .post('/platform/_actions/books/1/fail-please')
      .set('Authorization', authorization)
      .send({ values: {}, ids: ['1', '2'] });

    expect(response.status).toBe(400);
    expect(response.headers['x-action']).toBe('error');
    expect(response.body).toEqual({ error: 'Cannot do that' });
  });

  test('answers a Webhook result with what to call', async () => {
    const { dataSource } = makeActionDataSource();
    const { app, authorization } = await makeApp({ dataSource });

    const response = await request(app)
      .post('/platform/_actions/books/2/call-webhook')
      .set('Authorization', authorization)
      .send({ values: {}, allRecords: true, excludedIds: ['3'] });

    expect(response.status).toBe(200);
    expect(response.headers['x-action']).toBe('webhook');
    expect(response.body).toEqual({
      webhook: { url: 'https://hooks.example/run', method: 'POST', headers: { 'X-Token': 't' }, body: { ok: true } },
    });
  });

  test('streams a File result as an attachment of its mime type', async () => {
    const { dataSource } = makeActionDataSource();
    const { app, authorization } = await makeApp({ dataSource });

    const response = await request(app)
      .post('/platform/_actions/books/3/download-report')
      .set('Authorization', authorization)
      .send({ values: {} });

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain');
    expect(response.headers['content-disposition']).toBe('attachment; filename=report.txt');
    expect(response.headers['x-action']).toBe('file');
    expect(response.text).toBe('line 1\nline 2\n');
  });

  test('answers a Redirect result with the path', async () => {
    const { dataSource } = makeActionDataSource();
    const { app, authorization } = await makeApp({ dataSource });

    const response = await request(app)
      .post('/platform/_actions/books/4/go-elsewhere')
      .set('Authorization', authorization)
      .send({ values: {}, ids: ['1'] });

    expect(response.headers['x-action']).toBe('redirect');
    expect(response.body).toEqual({ redirectTo: '/books/1' });
  });

  test('runs a Global action without a selection', async () => {
    const { dataSource, probe } = makeActionDataSource();
    const { app, authorization } = await makeApp({ dataSource });

    const response = await request(app)
      .post('/platform/_actions/books/5/refresh-all')
      .set('Authorization', authorization)
      .send({});

    expect(response.body).toEqual({ success: 'Refreshed', refresh: { relationships: [] } });
    expect(probe.executions[0]?.filter?.conditionTree).toBeUndefined();
  });

  test('resolves actions by slug only with the unsafe endpoint', async () => {
    const { dataSource } = makeActionDataSource();
    const { app, authorization } = await makeApp({ dataSource, useUnsafeActionEndpoint: true });

    const response = await request(app)
      .post('/platform/_actions/books/go-elsewhere')
      .set('Authorization', authorization)
      .send({ values: {}, ids: ['1'] });

    expect(response.body).toEqual({ redirectTo: '/books/1' });
  });

  test('resolves actions through getActionRoute when the runtime gives it', async () => {
    const { dataSource } = makeActionDataSource();
    const { app, authorization } = await makeApp({
      dataSource,
      getActionRoute: (_collection, action) =>
        action === 'Go elsewhere' ? { index: 9, slug: 'away' } : { index: -1, slug: '' },
    });

    const response = await request(app)
      .post('/platform/_actions/books/9/away')
      .set('Authorization', authorization)
      .send({ values: {}, ids: ['1'] });

    expect(response.body).toEqual({ redirectTo: '/books/1' });
  });

  describe('form hooks', () => {
    test('loads the form of an action', async () => {
      const { dataSource, probe } = makeActionDataSource();
      const { app, authorization } = await makeApp({ dataSource });

      const response = await request(app)
        .post('/platform/_actions/books/0/mark-as-read/hooks/load')
        .set('Authorization', authorization)
        .send({ ids: ['1'] });

      expect(response.status).toBe(200);
      expect(response.body.fields.map((field: { label: string }) => field.label)).toEqual(['comment', 'mood']);
      expect(probe.forms[0]).toMatchObject({ name: 'Mark as read', metas: undefined });
    });

    test('passes the changed field on change', async () => {
      const { dataSource, probe } = makeActionDataSource();
      const { app, authorization } = await makeApp({ dataSource });

      await request(app)
        .post('/platform/_actions/books/0/mark-as-read/hooks/change')
        .set('Authorization', authorization)
        .send({ values: { comment: 'x' }, changedField: 'comment', ids: ['1'] });

      expect(probe.forms[0]).toMatchObject({ values: { comment: 'x' }, metas: { changedField: 'comment' } });
    });

    test('passes the searched field and value on search', async () => {
      const { dataSource, probe } = makeActionDataSource();
      const { app, authorization } = await makeApp({ dataSource });

      await request(app)
        .post('/platform/_actions/books/0/mark-as-read/hooks/search')
        .set('Authorization', authorization)
        .send({ values: {}, searchField: 'mood', searchValue: 'ha' });

      expect(probe.forms[0]?.metas).toEqual({ searchField: 'mood', searchValue: 'ha' });
    });
  });
});
