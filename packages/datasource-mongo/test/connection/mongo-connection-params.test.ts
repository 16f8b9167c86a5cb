import { createMongoDataSource } from '@platform/datasource-mongo';
import { MingoClient } from '../mingo/mingo-client';

// The factory resolves its parameters at once: bad ones throw before any connection.
const resolve = (params: Parameters<typeof createMongoDataSource>[0]) => () =>
  createMongoDataSource(params, { client: new MingoClient() });

describe('MongoConnectionParams', () => {
  test.each([
    ['a URI string', 'mongodb://127.0.0.1:27017/shop'],
    ['a URI with its database apart', { uri: 'mongodb+srv://cluster.example.net', database: 'shop' }],
    [
      'host, port, credentials and TLS',
      { host: 'db.example', port: 27018, database: 'shop', username: 'a', password: 'b', tls: { caFile: '/ca.pem' } },
    ],
    ['sampling sizes', { uri: 'mongodb://h/shop', sampleSize: 500, referenceSampleSize: 20 }],
  ])('accepts %s', (_name, params) => {
    expect(resolve(params)).not.toThrow();
  });

  test.each([
    ['a URI of another scheme', 'postgres://127.0.0.1/shop', /uri/],
    ['a URI naming no database', 'mongodb://127.0.0.1:27017', /database/],
    ['a port out of range', { host: 'h', port: 70_000, database: 'shop' }, /port/],
    ['a sample size of zero', { uri: 'mongodb://h/shop', sampleSize: 0 }, /sampleSize/],
    ['an unknown option', { uri: 'mongodb://h/shop', poolSize: 3 }, /poolSize/],
  ])('refuses %s with a ValidationError naming it', (_name, params, message) => {
    expect(resolve(params as never)).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringMatching(message) }),
    );
  });
});
