import { z } from 'zod';

/**
 * For the browser: zod's compiled parsers probe `new Function`, which the web app's content
 * security policy forbids (decision 0023); each probe is a reported violation. Parsing without
 * them is the same parse, interpreted. The server keeps the compiled parsers.
 */
export const parseWithoutEval = () => z.config({ jitless: true });
