/**
 * The jest environment of the front ends' React Testing Library tests (`*.dom.test.tsx`): jsdom,
 * plus the web platform globals jsdom lacks and Node has (fetch and its classes, streams,
 * TextEncoder/TextDecoder, structuredClone...), so components run against a real HTTP server on
 * loopback instead of a mocked fetch.
 */
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'AbortController',
  'AbortSignal',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextEncoder',
  'TextDecoder',
  'TextEncoderStream',
  'TextDecoderStream',
  'structuredClone',
  'Blob',
  'URL',
  'URLSearchParams',
];

class DomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
  }
}

module.exports = DomEnvironment;
