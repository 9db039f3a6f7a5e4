import { fireEvent, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Clicks a checkbox of an antd Checkbox.Group until it shows the other state. The group learns its
 * checkboxes in an effect and drops the value of a click that comes before that effect ran, which
 * a test clicking the instant the box appears does on a busy machine (CI saw `[]` saved).
 */
export async function toggleCheckbox(box: HTMLElement) {
  const input = box as HTMLInputElement;
  const wanted = !input.checked;
  await waitFor(() => {
    if (input.checked !== wanted) fireEvent.click(input);
    expect(input.checked).toBe(wanted);
  });
}
