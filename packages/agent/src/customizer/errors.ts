import { BusinessError } from '@platform/datasource-toolkit';

/** A plugin threw while it ran, or a customization it queued failed. The plugin's error is the `cause`. */
export class PluginError extends BusinessError {
  static override readonly errorName: string = 'PluginError';
}

/** A data source factory given to `addDataSource` failed. Its error is the `cause`. */
export class DataSourceLoadError extends BusinessError {
  static override readonly errorName: string = 'DataSourceLoadError';
}
