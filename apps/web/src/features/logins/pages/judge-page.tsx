import { Button, Card, Empty, Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSystems } from '../api/find-systems.ts';

/** Where a chosen system opens: the shell reads ?systemCoding= and keeps the choice. */
export const systemHome = (gnCoding: string) =>
  `/system/pageConfig?systemCoding=${encodeURIComponent(gnCoding)}`;

/**
 * 选择系统 (/judge, decision 0079): the systems the server says the user may open; one choice
 * opens it. With a single system there is nothing to choose, and it opens at once.
 */
export function JudgePage() {
  const systems = useSystems();
  const navigate = useNavigate();
  const only = systems.data?.length === 1 ? systems.data[0] : undefined;
  useEffect(() => {
    if (only) navigate(systemHome(only.gnCoding), { replace: true });
  }, [only, navigate]);

  if (systems.isPending || only) return <Spin />;
  const list = systems.data ?? [];
  return (
    <div className="ks-page">
      <Card title={<h1 className="ks-page-title">选择系统</h1>}>
        {list.length === 0 ? (
          <Empty description="暂无可进入的系统，请联系管理员分配权限" />
        ) : (
          <ul className="ks-judge-list" aria-label="可进入的系统">
            {list.map((system) => (
              <li key={system.gnCoding} className="ks-judge-item">
                <span>
                  <strong>{system.systemName}</strong>
                  {system.title && system.title !== system.systemName ? `（${system.title}）` : null}
                </span>
                <Button type="primary" onClick={() => navigate(systemHome(system.gnCoding))}>
                  进入{system.systemName}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
