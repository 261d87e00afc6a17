/**
 * zod schemas of the API (request bodies and answers). Node code (bff, cli) gets them from the
 * package index too; browser code imports `@val/contracts/schemas` only where it really needs a
 * schema (lazily loaded screens), so zod stays out of the landing page's shared bundle.
 */
export * from './errors.schema';
export * from './remotes.schema';
export * from './validation.schema';
export * from './content.schema';
export * from './simulation.schema';
export * from './catalogue.schema';
export * from './analytics.schema';
export * from './paid.schema';
export * from './evidence.schema';
export * from './openapi';
export * from './email.schema';
export * from './validations.schema';
export * from './factSheet.schema';
export * from './basis.schema';
