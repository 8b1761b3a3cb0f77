// Hostile request parts for the hostile-input property test (plugins/hostile-input.test.ts,
// issue 7 item 4): JSON bodies built from a route's body schema (the zod schema, as the app's
// OpenAPI document describes it) with valid values mutated, fully random JSON, malformed JSON,
// wrong content types and oversized bodies; query strings, path parameters, headers and
// callers. Values that only the running app knows (real ids, the client's password) are drawn
// as references (PoolRef) and picked when the request is sent, so a seed replays the same picks.
// The parts live in hostile/, one file per kind; this is their one door.
export * from './hostile/wire.js';
export * from './hostile/hostile-values.js';
export * from './hostile/valid-values.js';
export * from './hostile/bodies.js';
export * from './hostile/request-parts.js';
export * from './hostile/callers.js';
