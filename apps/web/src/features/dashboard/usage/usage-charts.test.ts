import { describe, expect, it } from 'vitest';
import { overTime, perModel, quotaGauge } from './usage-charts.ts';

describe('usage dashboard figures', () => {
  it('puts the largest model on top of a per-model bar chart', () => {
    const option = perModel(['gpt-4o-mini', 'local-intent'], [30, 10], 'Sesi', String) as { yAxis: { data: string[] }; series: { data: number[] }[] };
    expect(option.yAxis.data).toEqual(['local-intent', 'gpt-4o-mini']);
    expect(option.series[0].data).toEqual([10, 30]);
  });

  it('draws bars with a gap at the axis ends and lines without, and a legend only for two series or more', () => {
    const line = overTime(['1 Nov', '2 Nov'], [{ name: 'Chat', kind: 'line', values: [1, 2] }], String) as {
      xAxis: { boundaryGap: boolean };
      legend?: unknown;
    };
    expect(line.xAxis.boundaryGap).toBe(false);
    expect(line.legend).toBeUndefined();
    const both = overTime(
      ['1 Nov'],
      [
        { name: 'a', kind: 'line', values: [1] },
        { name: 'b', kind: 'bar', values: [1] },
      ],
      String,
    ) as { xAxis: { boundaryGap: boolean }; legend?: unknown };
    expect(both.xAxis.boundaryGap).toBe(true);
    expect(both.legend).toBeDefined();
  });

  it('fills the quota gauge to the share used, never past full, red at the limit', () => {
    const gauge = (used: number, limit: number) =>
      (quotaGauge(used, limit, 'q', String) as { series: { data: { value: number }[]; progress: { itemStyle: { color: string } } }[] }).series[0];
    expect(gauge(750, 1000).data[0].value).toBe(75);
    expect(gauge(1200, 1000).data[0].value).toBe(100);
    expect(gauge(1000, 1000).progress.itemStyle.color).toBe('#e03131');
    expect(gauge(0, 0).data[0].value).toBe(100);
  });
});
