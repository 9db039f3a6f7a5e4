import { z } from 'zod';

/**
 * Text the platform accepts (decision 0023): no control characters. PostgreSQL cannot store NUL
 * (U+0000) in text or jsonb at all, and the other C0 controls and DEL only ever arrive from a
 * hostile or broken client. Tab, line feed and carriage return stay: multi-line text is legitimate.
 */
export const CONTROL_CHARACTER_MESSAGE = '不能包含控制字符';

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const hasControlCharacter = (text: string): boolean => CONTROL_CHARACTER.test(text);

/** A zod string that refuses control characters; chain min/max/trim as on z.string(). */
export const text = () =>
  z.string().refine((value) => !hasControlCharacter(value), CONTROL_CHARACTER_MESSAGE);

/** How deep a request's JSON may nest; the deepest legitimate payload (a node definition) is ~10. */
export const MAX_INPUT_DEPTH = 32;
export const TOO_DEEP_MESSAGE = `嵌套层级不能超过${MAX_INPUT_DEPTH}层`;

/** Why a parsed request part is refused, and where: the first control character or excess depth. */
export interface HostileValue {
  path: string;
  message: string;
}

/**
 * Walks a parsed JSON value (keys and strings) without recursion, so a hostile depth cannot
 * overflow the stack; answers the first problem found, or null.
 */
export function findHostileValue(value: unknown, root = ''): HostileValue | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: root, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value: current, path, depth } = next;
    if (typeof current === 'string') {
      if (hasControlCharacter(current)) return { path: path || '_', message: CONTROL_CHARACTER_MESSAGE };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return { path: path || '_', message: TOO_DEEP_MESSAGE };
    for (const [key, child] of Object.entries(current)) {
      const childPath = path ? `${path}.${key}` : key;
      if (hasControlCharacter(key)) return { path: path || '_', message: CONTROL_CHARACTER_MESSAGE };
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}
