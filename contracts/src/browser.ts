/**
 * The browser entry of @val/contracts (its `exports` map sends browser builds here): everything in
 * the index except the zod schemas (`@val/contracts/schemas`), so the federation-shared contracts
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
export * from './streams';
export * from './plural';
export * from './pages';
// The catalogue's types, ids and rules (the product data itself is `@val/content`).
export * from './catalogue';
// The founder's basis and what-if assumptions (ids, limits, types).
export * from './basis';
// The fact sheet's helpers (levels, money formatting) are `@val/contracts/factSheet`: only the screens that show a sheet load them.
export type * from './factSheet';
// The API's route table is its own entry too, `@val/contracts/routes`; the typed client and the
// stream reader are their own package, `@val/client`.
export * from './paid';
export * from './email';
export * from './evidence';
export * from './validations';
