import type { MongoDriverModule } from './mongo-driver';

let loaded: MongoDriverModule | undefined;

/**
 * The `mongodb` peer dependency, loaded on first use so that importing this package costs nothing
 * when the driver is absent.
 * @internal
 * @throws Error naming the package to install when it is missing.
 */
export function loadDriver(): MongoDriverModule {
  if (loaded) return loaded;
  try {
    // A peer dependency the user installs: resolved at run time, never bundled.
    loaded = require('mongodb') as MongoDriverModule;
  } catch (error) {
    throw new Error('The MongoDB data source needs the `mongodb` package: run `npm install mongodb`.', {
      cause: error,
    });
  }

  return loaded;
}
