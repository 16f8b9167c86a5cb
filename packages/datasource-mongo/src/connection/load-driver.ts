import type { MongoDriverModule } from './mongo-driver';

let loaded: Promise<MongoDriverModule> | undefined;

/**
 * The `mongodb` peer dependency, imported on first use so that importing this package costs nothing
 * when the driver is absent. A dynamic `import()` works from both the ESM and the CommonJS build.
 * @internal
 * @throws Error naming the package to install when it is missing.
 */
export function loadDriver(): Promise<MongoDriverModule> {
  loaded ??= import('mongodb').then(
    (driver) => driver as unknown as MongoDriverModule,
    (error: unknown) => {
      loaded = undefined;
      throw new Error('The MongoDB data source needs the `mongodb` package: run `npm install mongodb`.', {
        cause: error,
      });
    },
  );

  return loaded;
}
