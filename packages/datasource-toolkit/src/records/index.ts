export * from './packed-id';
export * from './record-utils';
