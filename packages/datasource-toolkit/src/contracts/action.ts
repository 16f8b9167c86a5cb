import type { Readable } from 'node:stream';

/** Form element types of an action form (spec agent-library §2.4). */
export const ACTION_FIELD_TYPES = [
  'String',
  'Number',
  'Boolean',
  'Date',
  'Dateonly',
  'Time',
  'Enum',
  'EnumList',
  'File',
  'FileList',
  'Json',
  'Collection',
  'NumberList',
  'StringList',
] as const;
export type ActionFieldType = (typeof ACTION_FIELD_TYPES)[number];

/** A form field once its dynamic properties were resolved for one context: plain data. */
export interface ActionFormField {
  readonly type: ActionFieldType;
  readonly label: string;
  readonly id?: string;
  readonly description?: string;
  readonly isRequired?: boolean;
  readonly isReadOnly?: boolean;
  readonly defaultValue?: unknown;
  readonly value?: unknown;
  readonly enumValues?: readonly string[];
  readonly collectionName?: string;
  readonly widget?: 'Dropdown';
  readonly placeholder?: string;
  readonly search?: 'static' | 'dynamic' | 'disabled';
  readonly options?: ReadonlyArray<{ readonly label: string; readonly value: string | number }>;
  /** The field changed in the last form interaction (drives `hasFieldChanged`). */
  readonly watchChanges?: boolean;
}

/** What an action's `execute` produced (spec agent-library §2.3, result builder). */
export type ActionResult =
  | {
      readonly type: 'Success';
      readonly message: string;
      readonly html?: string;
      readonly invalidated: ReadonlySet<string>;
      readonly responseHeaders?: Record<string, string>;
    }
  | {
      readonly type: 'Error';
      readonly message: string;
      readonly html?: string;
      readonly responseHeaders?: Record<string, string>;
    }
  | {
      readonly type: 'Webhook';
      readonly url: string;
      readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      readonly headers: Record<string, string>;
      readonly body: unknown;
      readonly responseHeaders?: Record<string, string>;
    }
  | {
      readonly type: 'File';
      readonly name: string;
      readonly mimeType: string;
      readonly stream: Readable;
      readonly responseHeaders?: Record<string, string>;
    }
  | { readonly type: 'Redirect'; readonly path: string; readonly responseHeaders?: Record<string, string> };
