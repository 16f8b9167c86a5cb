import express from 'express';
import request from 'supertest';
import { jsonBody } from '../../../src/http/middlewares/json-body';
import { MAX_BODY_DEPTH } from '../../../src/http/middlewares/limit-body-depth';

/** An app that answers what `jsonBody` left in `req.body`, and the name of any error. */
function makeEchoApp() {
  const app = express();
  app.use(jsonBody('1kb'));
  app.all('/echo', (req, res) => {
    res.json({ hasBody: 'body' in req, body: req.body ?? null });
  });
  app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(400).json({ error: error.name });
  });
  return app;
}

describe('jsonBody', () => {
  test('parses a JSON body', async () => {
    const response = await request(makeEchoApp()).post('/echo').send({ title: 'Tehanu' });

    expect(response.body).toEqual({ hasBody: true, body: { title: 'Tehanu' } });
  });

  test('parses the body of a GET that sends one', async () => {
    const response = await request(makeEchoApp()).get('/echo').send({ recordId: 2 });

    expect(response.body).toEqual({ hasBody: true, body: { recordId: 2 } });
  });

  test('leaves a request without a body untouched', async () => {
    const response = await request(makeEchoApp()).get('/echo');

    expect(response.body).toEqual({ hasBody: false, body: null });
  });

  test('refuses a body nested deeper than the limit', async () => {
    let value: unknown = [];
    for (let level = 1; level <= MAX_BODY_DEPTH; level += 1) value = [value];

    const response = await request(makeEchoApp())
      .post('/echo')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(value));

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'ValidationError' });
  });

  test('refuses a body over the size limit', async () => {
    const response = await request(makeEchoApp())
      .post('/echo')
      .send({ text: 'x'.repeat(2048) });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'PayloadTooLargeError' });
  });
});
