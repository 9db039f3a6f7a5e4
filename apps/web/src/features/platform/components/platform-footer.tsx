import { useEffect } from 'react';
import { usePlatformInfo } from '../api/get-platform-info.ts';
import { checkServerVersion } from '../lib/version-check.ts';

const FILING_SITE = 'https://beian.miit.gov.cn/';

/**
 * Footer content of the login pages and the shell: platform description, support line and filing
 * number. The caller supplies the <footer> landmark (antd's Layout.Footer in the shell).
 */
export function PlatformFooter() {
  const { data } = usePlatformInfo();

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
      </span>
    </div>
  );
}
