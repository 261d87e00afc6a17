/** The OpenAPI side of the contracts: answer schemas, the operations table and the document. */
export * from './responses.schema';
export * from './operations';
export * from './document';
