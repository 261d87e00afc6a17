/**
 * The browser entry of @val/contracts (webpack aliases `@val/contracts` here): everything in the
 * index except the zod schemas (`@val/contracts/schemas`), so the federation-shared contracts
 * module carries no schema library. Types are the same; webpack fails the build if browser code
 * imports a schema from here.
 */
export * from './errors';
export * from './remotes';
export * from './validation';
export * from './props';
export * from './api';
export * from './partners';
export * from './analytics';
export * from './content';
export * from './simulation';
export * from './report';
export * from './validateStream';
export * from './catalogue';
export * from './paid';
export * from './email';
