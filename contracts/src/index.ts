export * from './errors';
export * from './remotes';
export * from './validation';
export * from './props';
export * from './api';
export * from './partners';
