import type { ComponentType } from 'react';

/**
 * Overlays that features contribute to every logged-in page (notice banner and modal, practice
 * status dialog, customer-service widget, …). Rendered once by the shell layout.
 */
const GLOBAL_OVERLAYS: { key: string; Component: ComponentType }[] = [];

export function GlobalOverlays() {
  return (
    <>
      {GLOBAL_OVERLAYS.map(({ key, Component }) => (
        <Component key={key} />
      ))}
    </>
  );
}
