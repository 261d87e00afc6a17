export * from './types';
export { createAi, buildMessages, chunkText, loadPrompt, type Ai } from './service';
export { extractJson } from './json';
