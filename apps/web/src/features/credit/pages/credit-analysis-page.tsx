import { Card, Col, Row, Skeleton, Statistic, Tabs } from 'antd';
import { EmptyMessage } from '@/components/empty-state.tsx';
import { useGradeOverview, useTopTitles } from '../api/credit-api.ts';
import { ChangeTemplateSettings } from '../components/change-template-settings.tsx';
import { ItemTypeCatalogue, ScoreModelForm } from '../components/credit-settings.tsx';
import { LazyChart } from '../components/lazy-chart.tsx';

/**
 * 信用分析 (/credit/analysis, administrators): headline numbers, grade distribution, trend and
 * comparison; beside them the catalogue of credit item types, the score model with its grades and
 * the change-description template.
 */
export function CreditAnalysisPage() {
  return (
    <div className="ks-page">
      <Card title={<h1 className="ks-page-title">信用分析</h1>}>
        {/* Administrators only: the route's role gate turns the others away. */}
        <Tabs
          items={[
            { key: 'analysis', label: '信用分析', children: <Analysis /> },
            { key: 'catalogue', label: '信用事项目录', children: <ItemTypeCatalogue /> },
            { key: 'model', label: '评分模型与等级', children: <ScoreModelForm /> },
            { key: 'change-template', label: '变更说明模板', children: <ChangeTemplateSettings /> },
          ]}
        />
      </Card>
    </div>
  );
}

function Analysis() {
  const { data: titles } = useTopTitles();
  const { data: overview, isPending } = useGradeOverview();
  if (isPending) return <Skeleton active />;
  const scored = overview?.grades.reduce((sum, grade) => sum + grade.count, 0) ?? 0;
  return (
    <>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={4}>
          <Statistic title="企业总数" value={titles?.enterprises ?? 0} />
        </Col>
        <Col span={4}>
          <Statistic title="已评分企业" value={titles?.scored ?? 0} />
        </Col>
        <Col span={4}>
          <Statistic title="平均信用分" value={titles?.average ?? '—'} />
        </Col>
        <Col span={4}>
          <Statistic title="优良信用信息" value={titles?.items.good ?? 0} />
        </Col>
        <Col span={4}>
          <Statistic title="不良信用信息" value={titles?.items.bad ?? 0} />
        </Col>
        <Col span={4}>
          <Statistic title="已签承诺书" value={titles?.signedLetters ?? 0} />
        </Col>
      </Row>
      {scored === 0 || !overview ? (
        <EmptyMessage />
      ) : (
        <Row gutter={16}>
          <Col xs={24} lg={8}>
            <Card type="inner" title="信用等级分布">
              <LazyChart
                option={{
                  tooltip: { trigger: 'item' },
                  legend: { bottom: 0 },
                  series: [
                    {
                      type: 'pie',
                      radius: ['35%', '65%'],
                      data: overview.grades.map((grade) => ({ name: grade.grade, value: grade.count })),
                    },
                  ],
                }}
              />
            </Card>
          </Col>
          <Col xs={24} lg={8}>
            <Card type="inner" title="平均信用分走势">
              <LazyChart
                option={{
                  tooltip: { trigger: 'axis' },
                  xAxis: { type: 'category', data: overview.trend.map((point) => point.month) },
                  yAxis: { type: 'value' },
                  series: [
                    { type: 'line', name: '平均信用分', data: overview.trend.map((point) => point.average) },
                  ],
                }}
              />
            </Card>
          </Col>
          <Col xs={24} lg={8}>
            <Card type="inner" title="各类企业平均信用分">
              <LazyChart
                option={{
                  tooltip: { trigger: 'axis' },
                  xAxis: { type: 'category', data: overview.byType.map((type) => type.qyType) },
                  yAxis: { type: 'value' },
                  series: [
                    { type: 'bar', name: '平均信用分', data: overview.byType.map((type) => type.average) },
                  ],
                }}
              />
            </Card>
          </Col>
        </Row>
      )}
    </>
  );
}
