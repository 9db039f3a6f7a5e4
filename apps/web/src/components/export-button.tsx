import { Button } from 'antd';
import { useState } from 'react';

/**
 * 导出: spins while the workbook downloads. A refused export has already been told by the HTTP
 * client (the server's message), so the button only stops spinning and stays usable.
 */
export function ExportButton({
  onExport,
  disabled,
}: {
  onExport: () => Promise<unknown>;
  disabled?: boolean;
}) {
  const [exporting, setExporting] = useState(false);
  return (
    <Button
      loading={exporting}
      disabled={disabled}
      onClick={async () => {
        setExporting(true);
        try {
          await onExport();
        } catch {
          // Shown by the client; nothing else to undo.
        } finally {
          setExporting(false);
        }
      }}
    >
      导出
    </Button>
  );
}
