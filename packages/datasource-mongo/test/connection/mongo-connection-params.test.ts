import { createMongoDataSource } from '@platform/datasource-mongo';
import { MingoClient } from '../mingo/mingo-client';

// The factory resolves its parameters at once: bad ones throw before any connection.
const resolve = (params: Parameters<typeof createMongoDataSource>[0]) => () =>
  createMongoDataSource(params, { client: new MingoClient() });

const TLS_KEYS = 'caFile, certificateKeyFile, certificateKeyFilePassword, allowInvalidCertificates';
const URI_KEYS = 'uri, database, tls, clientOptions, sampleSize, referenceSampleSize';
const HOST_KEYS =
  'host, port, database, username, password, authSource, replicaSet, tls, clientOptions, sampleSize, referenceSampleSize';

describe('MongoConnectionParams', () => {
  test.each([
    ['a URI string', 'mongodb://127.0.0.1:27017/shop'],
    ['a URI with its database apart', { uri: 'mongodb+srv://cluster.example.net', database: 'shop' }],
    ['a URI with credentials', 'mongodb://app:secret@db.example:27017/shop?authSource=admin'],
    [
      'host, port, credentials and TLS',
      { host: 'db.example', port: 27018, database: 'shop', username: 'a', password: 'b', tls: { caFile: '/ca.pem' } },
    ],
    ['sampling sizes', { uri: 'mongodb://h/shop', sampleSize: 500, referenceSampleSize: 20 }],
  ])('accepts %s', (_name, params) => {
    expect(resolve(params)).not.toThrow();
  });

  describe('as host parameters', () => {
    test.each([
      ['no database', { host: '127.0.0.1' }, 'database: required'],
      [
        'a port that is not a number',
        { host: 'h', port: 'twenty', database: 'shop' },
        'port: expected a number, received a string',
      ],
      [
        'a port that is not an integer',
        { host: 'h', port: 27017.5, database: 'shop' },
        'port: expected an integer, received a decimal number',
      ],
      ['a port out of range', { host: 'h', port: 70_000, database: 'shop' }, 'port: expected 65535 or less'],
      [
        'tls that is neither a boolean nor an object',
        { host: 'h', database: 'shop', tls: 'yes' },
        'tls: expected a boolean or an object, received a string',
      ],
      [
        'an unknown TLS option',
        { host: 'h', database: 'shop', tls: { ca: '/ca.pem' } },
        `tls.ca: unknown key (known: ${TLS_KEYS})`,
      ],
      ['an empty database name', { host: 'h', database: '' }, 'database: must not be empty'],
      ['neither host nor uri', {}, 'host: required (or give `uri`); database: required'],
      [
        'an unknown option',
        { host: 'h', database: 'shop', poolSize: 3 },
        `poolSize: unknown key (known: ${HOST_KEYS})`,
      ],
    ])('refuses %s, naming the field and the problem', (_name, params, problems) => {
      expect(resolve(params as never)).toThrow(
        expect.objectContaining({
          name: 'ValidationError',
          message: `Invalid MongoDB connection parameters: ${problems}.`,
        }),
      );
    });

    test('names every problem at once, each with its path', () => {
      const refusal = resolve({ host: '127.0.0.1', port: 'twenty', tls: 'yes' } as never);

      expect(refusal).toThrow(
        expect.objectContaining({
          name: 'ValidationError',
          message:
            'Invalid MongoDB connection parameters: port: expected a number, received a string; ' +
            'database: required; tls: expected a boolean or an object, received a string.',
          issues: [
            { path: 'port', message: 'expected a number, received a string' },
            { path: 'database', message: 'required' },
            { path: 'tls', message: 'expected a boolean or an object, received a string' },
          ],
        }),
      );
    });

    test('never echoes a value, so a password stays out of the message', () => {
      const refusal = resolve({ host: 'h', database: 'shop', username: 'app', password: 1234567 } as never);

      expect(refusal).toThrow('Invalid MongoDB connection parameters: password: expected a string, received a number.');
    });
  });

  describe('as a URI', () => {
    test.each([
      [
        'a URI of another scheme',
        'postgres://127.0.0.1/shop',
        'uri: expected a URI starting with mongodb:// or mongodb+srv://',
      ],
      ['an empty URI', '', 'uri: expected a URI starting with mongodb:// or mongodb+srv://'],
      ['a URI naming no host', 'mongodb:///shop', 'uri: the URI names no host'],
      ['a URI naming credentials but no host', 'mongodb://app:secret@/shop', 'uri: the URI names no host'],
      [
        'a URI naming no database',
        'mongodb://127.0.0.1:27017',
        'database: the URI names no database: add one to its path or set `database`',
      ],
    ])('refuses %s given as a string, naming the problem', (_name, uri, problem) => {
      expect(resolve(uri)).toThrow(
        expect.objectContaining({
          name: 'ValidationError',
          message: `Invalid MongoDB connection parameters: ${problem}.`,
        }),
      );
    });

    test.each([
      ['a URI that is not a string', { uri: 27017 }, 'uri: expected a string, received a number'],
      [
        'a host option next to the URI',
        { uri: 'mongodb://h/shop', port: 27018 },
        `port: unknown key (known: ${URI_KEYS})`,
      ],
      [
        'a bad URI and a bad sample size',
        { uri: 'mysql://h/shop', sampleSize: 0 },
        'uri: expected a URI starting with mongodb:// or mongodb+srv://; sampleSize: expected more than 0',
      ],
    ])('refuses %s in the object form, naming each problem', (_name, params, problems) => {
      expect(resolve(params as never)).toThrow(
        expect.objectContaining({
          name: 'ValidationError',
          message: `Invalid MongoDB connection parameters: ${problems}.`,
        }),
      );
    });
  });

  test.each([
    ['a number', 42],
    ['null', null],
    ['an array', ['mongodb://h/shop']],
  ])('refuses %s, which is neither a URI nor parameters', (_name, params) => {
    expect(resolve(params as never)).toThrow(
      expect.objectContaining({
        name: 'ValidationError',
        message:
          'Invalid MongoDB connection parameters: expected a mongodb:// URI string or an object of connection parameters.',
      }),
    );
  });
});
