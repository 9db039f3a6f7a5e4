import type { PlatformInfo } from '@ks/contract/platform';
import { useEffect } from 'react';
import { checkServerVersion } from '../lib/version-check.ts';

const FILING_SITE = 'https://beian.miit.gov.cn/';

/**
 * Footer content of the login pages and the shell: platform description, support
 * line, filing number (to the national filing site, in a new window) and the running version. The
 * caller supplies the <footer> landmark (antd's Layout.Footer in the shell) and the information: the
 * app from its query, the stand-alone login from its own fetch (decision 0035).
 */
export function PlatformFooter({ data }: { data: PlatformInfo | undefined }) {
  useEffect(() => {
    if (!data) return;
    if (data.platformName) document.title = data.platformName;
    checkServerVersion(data.version);
  }, [data]);

  if (!data) return null;
  return (
    <div className="ks-footer">
      {data.describe ? (
        <div
          className="ks-footer-describe"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises `describe` (sanitize-html) before storing it.
          dangerouslySetInnerHTML={{ __html: data.describe }}
        />
      ) : null}
      {/* A plain span with antd's secondary text colour: Typography would weigh on the login route. */}
      <span className="ks-footer-meta">
        {data.supportPhone ? <span>技术支持：{data.supportPhone}</span> : null}
        {data.filingsCoding ? (
          <a className="ks-footer-filing" href={FILING_SITE} target="_blank" rel="noopener noreferrer">
            {data.filingsCoding}
          </a>
        ) : null}
        {data.version ? <span className="ks-footer-version">版本：{data.version}</span> : null}
      </span>
    </div>
  );
}
