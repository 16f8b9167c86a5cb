import { Readable } from 'node:stream';
import type {
  ActionFormField,
  ActionResult,
  Caller,
  DataSource,
  Filter,
  RecordData,
} from '@platform/datasource-toolkit';
import { makeLibraryDataSource } from '@platform/datasource-toolkit/testing';
import { withTestExtras } from './test-collection';

/** The calls the action collection received. */
export interface ActionProbe {
  readonly executions: Array<{ caller: Caller; name: string; values: RecordData; filter?: Filter }>;
  readonly forms: Array<{ name: string; values?: RecordData; filter?: Filter; metas?: unknown }>;
  readonly charts: Array<{ name: string; recordId?: readonly unknown[] }>;
}

/** One action per result kind on `books`, each named after what it returns. */
const RESULTS: Record<string, () => ActionResult> = {
  'Mark as read': () => ({
    type: 'Success',
    message: 'Marked!',
    html: '<p>done</p>',
    invalidated: new Set(['reviews']),
    responseHeaders: { 'X-Action': 'success' },
  }),
  'Fail please': () => ({ type: 'Error', message: 'Cannot do that', responseHeaders: { 'X-Action': 'error' } }),
  'Call webhook': () => ({
    type: 'Webhook',
    url: 'https://hooks.example/run',
    method: 'POST',
    headers: { 'X-Token': 't' },
    body: { ok: true },
    responseHeaders: { 'X-Action': 'webhook' },
  }),
  'Download report': () => ({
    type: 'File',
    name: 'report.txt',
    mimeType: 'text/plain',
    stream: Readable.from(['line 1\n', 'line 2\n']),
    responseHeaders: { 'X-Action': 'file' },
  }),
  'Go elsewhere': () => ({ type: 'Redirect', path: '/books/1', responseHeaders: { 'X-Action': 'redirect' } }),
  'Refresh all': () => ({ type: 'Success', message: 'Refreshed', invalidated: new Set() }),
};

const FORM: ActionFormField[] = [
  { type: 'String', label: 'comment', isRequired: true },
  { type: 'Enum', label: 'mood', enumValues: ['happy', 'sad'], widget: 'Dropdown', search: 'dynamic' },
];

/**
 * The library data source where `books` has one action per action result kind (Single, Bulk
 * and Global scopes), a form, and a `salesByRecord` chart; the data source has a `totalBooks` chart.
 */
export function makeActionDataSource(): { dataSource: DataSource; probe: ActionProbe } {
  const probe: ActionProbe = { executions: [], forms: [], charts: [] };
  const dataSource = withTestExtras(makeLibraryDataSource(), {
    charts: ['totalBooks'],
    renderChart: async (_caller, name) => {
      probe.charts.push({ name });
      return { type: 'Value', value: { countCurrent: 3 } };
    },
    collections: {
      books: {
        actions: {
          'Mark as read': { scope: 'Single' },
          'Fail please': { scope: 'Bulk' },
          'Call webhook': { scope: 'Bulk' },
          'Download report': { scope: 'Global', generateFile: true },
          'Go elsewhere': { scope: 'Single' },
          'Refresh all': { scope: 'Global' },
        },
        charts: ['salesByRecord'],
        execute: async (caller, name, values, filter) => {
          probe.executions.push({ caller, name, values, filter });
          const result = RESULTS[name];
          if (!result) throw new Error(`unexpected action ${name}`);
          return result();
        },
        getForm: async (_caller, name, values, filter, metas) => {
          probe.forms.push({ name, values, filter, metas });
          return FORM;
        },
        renderChart: async (_caller, name, recordId) => {
          probe.charts.push({ name, recordId });
          return { type: 'Distribution', value: [{ key: 'EU', value: 4 }] };
        },
      },
    },
  });

  return { dataSource, probe };
}
