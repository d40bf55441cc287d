export * from './constants.ts';
export * from './money.ts';
export * from './arabic.ts';
export * from './errors.ts';
export * from './messages.ts';
export * from './catalog.ts';
