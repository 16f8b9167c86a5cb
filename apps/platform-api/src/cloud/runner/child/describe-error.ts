import { types } from 'node:util';

/** The file name a bundle's code runs under (its stack frames name it). */
export function bundleFileName(version: number): string {
  return `bundle-v${version}.js`;
}

const BUNDLE_FRAME = /\bbundle-v\d+\.js:/;

/**
 * One error as a customer reads it in `publish` and `logs`: its first line (`TypeError: …`) and
 * one frame of its stack, the first in the bundle's code when there is one (where the bundle
 * threw or made the call that threw), else the first. The runner's own load errors
 * (`BundleLoadError`) get no frame outside the bundle: it would point at the runner.
 */
export function describeError(error: unknown): string {
  // isNativeError: an error made in another realm (a vm context) is no `instanceof Error` here.
  if (!(error instanceof Error || types.isNativeError(error))) return `Thrown: ${String(error)}`;
  const firstLine = `${error.name}: ${error.message}`.split('\n')[0] ?? error.name;
  const frames = (error.stack ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('at '));
  const frame =
    frames.find((line) => BUNDLE_FRAME.test(line)) ?? (error.name === 'BundleLoadError' ? undefined : frames[0]);
  return frame === undefined ? firstLine : `${firstLine}\n    ${frame}`;
}
