/** Time ranges of time-based charts (spec agent-library §2.9). */
export const DATE_OPERATIONS = ['Day', 'Week', 'Month', 'Quarter', 'Year'] as const;
export type DateOperation = (typeof DATE_OPERATIONS)[number];

/** A rendered chart, as the chart result builder produces it (spec agent-library §2.9). */
export type Chart =
  | {
      readonly type: 'Value';
      readonly value: { readonly countCurrent: number | null; readonly countPrevious?: number | null };
    }
  | { readonly type: 'Distribution'; readonly value: ReadonlyArray<{ readonly key: string; readonly value: number }> }
  | {
      readonly type: 'TimeBased';
      readonly value: ReadonlyArray<{ readonly label: string; readonly values: { readonly value: number | null } }>;
    }
  | {
      readonly type: 'MultipleTimeBased';
      readonly value: {
        readonly labels: readonly string[];
        readonly values: ReadonlyArray<{ readonly key: string; readonly values: ReadonlyArray<number | null> }>;
      };
    }
  | { readonly type: 'Percentage'; readonly value: number }
  | { readonly type: 'Objective'; readonly value: { readonly value: number; readonly objective: number } }
  | { readonly type: 'Leaderboard'; readonly value: ReadonlyArray<{ readonly key: string; readonly value: number }> }
  | { readonly type: 'Smart'; readonly value: unknown };
