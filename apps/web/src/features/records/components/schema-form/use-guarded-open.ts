import { useState } from 'react';

/**
 * The open state of a child's dropdown: opening asks the form first, which warns and refuses while
 * a '_x' group's parent is empty.
 */
export function useGuardedOpen(canOpen: () => boolean) {
  const [open, setOpen] = useState(false);
  const onOpenChange = (next: boolean) => setOpen(next ? canOpen() : false);
  return { open, onOpenChange };
}
