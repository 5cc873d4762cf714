/**
 * zod with code generation on the server. src/domain/zodSetup.ts turns zod's compiled parsers off
 * because the browser's content security policy refuses `new Function`; the server process runs under
 * no such policy, and there the compiled object parsers are the faster ones (every request's params,
 * query and body). That module runs here first, so that its later imports (by every schema module of
 * src/domain) run nothing again, then the setting is turned back. zod reads it when an object schema
 * is made, and probes for `new Function` once, at the first one: the server's entry points (main.ts,
 * app.ts, config.ts) import this module before anything else (tests/server/zodJit.test.ts). The
 * browser never loads it: its bundle keeps src/domain/zodSetup.ts as it is.
 */
import '../src/domain/zodSetup.ts';
import { z } from 'zod';

z.config({ jitless: false });
