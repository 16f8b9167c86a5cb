export const LOG_LEVELS = ['Debug', 'Info', 'Warn', 'Error'] as const;
export type LoggerLevel = (typeof LOG_LEVELS)[number];

/** A custom logger, as given in the agent options. */
export type Logger = (level: LoggerLevel, message: string, error?: Error) => void;

/** True when a message of `level` passes a logger filtered at `threshold`. */
export function isLevelEnabled(level: LoggerLevel, threshold: LoggerLevel): boolean {
  return LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(threshold);
}
