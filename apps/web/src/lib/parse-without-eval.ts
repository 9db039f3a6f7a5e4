import { parseWithoutEval } from '@ks/contract/zod-config';

// Imported first by main.tsx: some contract modules parse while they load, and the content
// security policy forbids the eval that zod's compiled parsers would probe for.
parseWithoutEval();
