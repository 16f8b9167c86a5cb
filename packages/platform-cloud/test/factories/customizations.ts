// The src/index.ts of a customization project, as a customer writes it.

const header = [
  "import type { Agent } from '@platform/platform-cloud';",
  "import type { Schema } from '../typings';",
  '',
];

/** `orders.regionLabel` = "<region>-<amount>", plus `extra` lines inside the customize function. */
export function regionLabelCustomization(extra: readonly string[] = []): string {
  return [
    ...header,
    'export default function customize(agent: Agent<Schema>): void {',
    "  agent.customizeCollection('orders', (orders) => {",
    "    orders.addField('regionLabel', {",
    "      columnType: 'String',",
    "      dependencies: ['region', 'amount'],",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the customer's template literal, as source text.
    '      getValues: (records) => records.map((record) => `${record.region}-${record.amount}`),',
    '    });',
    ...extra,
    '  });',
    '}',
    '',
  ].join('\n');
}

/** A second field computed from `regionLabel`: type-checks only once the typings know it. */
export function dependentField(dependency: string): string[] {
  return [
    "    orders.addField('shoutedLabel', {",
    "      columnType: 'String',",
    `      dependencies: ['${dependency}'],`,
    `      getValues: (records) => records.map((record) => String(record['${dependency}']).toUpperCase()),`,
    '    });',
  ];
}

/** A customization the hosted agent cannot apply: it throws when the agent calls it. */
export function throwingCustomization(message: string): string {
  return [
    ...header,
    'export default function customize(_agent: Agent<Schema>): void {',
    `  throw new Error('${message}');`,
    '}',
    '',
  ].join('\n');
}
