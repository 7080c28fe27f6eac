#!/usr/bin/env node
// Installed entry point: the TypeScript sources run under Node 24's type stripping.
import '../src/main.ts';
