/**
 * zod without code generation in the browser: by default zod 4 compiles object parsers with
 * `new Function`, which the content security policy (server/app.ts, no 'unsafe-eval') refuses and
 * reports, even zod's first probe for it. zod decides when an object schema is made, so this must run
 * before the first one: every module that makes schemas imports this one first. In the client those
 * are src/domain's schema modules (tests/domain/zodSetup.test.ts keeps it so), which load with the
 * screens that use them, so the first load does not carry zod. The server, under no such policy,
 * runs this module first and then turns code generation back on (server/zodSetup.ts).
 */
import { z } from 'zod';

z.config({ jitless: true });
