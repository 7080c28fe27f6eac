#!/usr/bin/env node
// Installed entry point: the TypeScript sources run under Node 24's type stripping. Node's compile
// cache is turned on here, in plain JavaScript, before any TypeScript is loaded: on every start
// after the first, the stripped sources and V8's compiled code come from the cache, so the type
// stripper itself is never loaded (issue 19: ~0.1-0.2 s of every start). Worker threads inherit
// it through NODE_COMPILE_CACHE.
import { enableCompileCache } from 'node:module';

const cache = enableCompileCache?.();
if (cache?.directory) process.env.NODE_COMPILE_CACHE ??= cache.directory;
await import('../src/main.ts');
