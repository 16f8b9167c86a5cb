import request from 'supertest';
import { makeActionDataSource } from '../../factories/action-data-source';
import { makeApp } from '../../factories/make-app';

describe('chart routes', () => {
  test('renders a collection chart for a record given in the query', async () => {
    const { dataSource, probe } = makeActionDataSource();
    const { app, authorization } = await makeApp({ dataSource });

    const response = await request(app)
      .get('/platform/_charts/books/salesByRecord?recordId=2')
      .set('Authorization', authorization);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { type: 'Distribution', value: [{ key: 'EU', value: 4 }] } });
    expect(probe.charts).toEqual([{ name: 'salesByRecord', recordId: [2] }]);
  });

  test('renders a collection chart by POST with the record in the body', async () => {
    const { dataSource, probe } = makeActionDataSource();
    const { app, authorization } = await makeApp({ dataSource });

    const response = await request(app)
      .post('/platform/_charts/books/salesByRecord')
      .set('Authorization', authorization)
      .send({ recordId: '3' });

    expect(response.status).toBe(200);
    expect(probe.charts).toEqual([{ name: 'salesByRecord', recordId: [3] }]);
  });

  test('renders a data-source chart by GET and POST', async () => {
    const { dataSource } = makeActionDataSource();
    const { app, authorization } = await makeApp({ dataSource });

    const byGet = await request(app).get('/platform/_charts/totalBooks').set('Authorization', authorization);
    const byPost = await request(app).post('/platform/_charts/totalBooks').set('Authorization', authorization);

    expect(byGet.body).toEqual({ data: { type: 'Value', value: { countCurrent: 3 } } });
    expect(byPost.body).toEqual(byGet.body);
  });
});

describe('route order', () => {
  test('GET /_charts/count is the data-source chart named count, not the count of a collection', async () => {
    const { makeLibraryDataSource } = await import('@platform/datasource-toolkit/testing');
    const { withTestExtras } = await import('../../factories/test-collection');
    const charts: string[] = [];
    const dataSource = withTestExtras(makeLibraryDataSource(), {
      charts: ['count'],
      renderChart: async (_caller, name) => {
        charts.push(name);
        return { type: 'Value', value: { countCurrent: 42 } };
      },
    });
    const { app, authorization } = await makeApp({ dataSource });

    const response = await request(app).get('/platform/_charts/count').set('Authorization', authorization);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { type: 'Value', value: { countCurrent: 42 } } });
    expect(charts).toEqual(['count']);
  });
});
