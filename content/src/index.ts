/** Val's content: the marketing copy. */
export * from './copy';
