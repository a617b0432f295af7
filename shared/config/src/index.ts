export * from './constants';
export * from './display';
export * from './greeting';
export * from './messages';
export * from './paths';
export * from './roles';
export * from './storage-keys';
