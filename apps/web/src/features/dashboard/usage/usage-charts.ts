import type { EChartsCoreOption } from 'echarts/core';

/** The dashboard's chart options, built from the widgets' figures (pure: no ECharts code is loaded here). */

const PALETTE = ['#1f5fbf', '#13a8a8', '#f08c00', '#7048e8', '#d6336c', '#2f9e44'];
const AXIS_TEXT = { color: '#5b6475', fontSize: 11 };
const base = (format: (v: number) => string) => ({
  color: PALETTE,
  animationDuration: 300,
  grid: { left: 8, right: 16, top: 28, bottom: 4, containLabel: true },
  tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => format(Number(v)), confine: true },
});

export interface Series {
  name: string;
  values: number[];
  kind: 'line' | 'bar';
  /** Fill under a line (a running total). */
  area?: boolean;
}

/** Values over time (days or months): lines for trends, bars for per-period amounts. */
export function overTime(labels: string[], series: Series[], format: (v: number) => string): EChartsCoreOption {
  return {
    ...base(format),
    legend: series.length > 1 ? { top: 0, textStyle: AXIS_TEXT, itemWidth: 14, itemHeight: 8 } : undefined,
    xAxis: {
      type: 'category',
      data: labels,
      boundaryGap: series.some((s) => s.kind === 'bar'),
      axisLabel: { ...AXIS_TEXT, hideOverlap: true },
      axisTick: { show: false },
    },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { ...AXIS_TEXT, formatter: (v: number) => format(v) }, splitLine: { lineStyle: { color: '#eef1f6' } } },
    series: series.map((s) => ({
      name: s.name,
      type: s.kind,
      data: s.values,
      smooth: s.kind === 'line' ? 0.25 : undefined,
      symbol: 'none',
      barMaxWidth: 18,
      areaStyle: s.area ? { opacity: 0.12 } : undefined,
      itemStyle: s.kind === 'bar' ? { borderRadius: [3, 3, 0, 0] } : undefined,
    })),
  };
}

/** One figure per model, compared: horizontal bars, largest on top. */
export function perModel(models: string[], values: number[], name: string, format: (v: number) => string): EChartsCoreOption {
  return {
    ...base(format),
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: unknown) => format(Number(v)), confine: true },
    grid: { left: 8, right: 24, top: 8, bottom: 4, containLabel: true },
    xAxis: {
      type: 'value',
      axisLabel: { ...AXIS_TEXT, formatter: (v: number) => format(v), hideOverlap: true },
      splitLine: { lineStyle: { color: '#eef1f6' } },
    },
    yAxis: { type: 'category', data: [...models].reverse(), axisLabel: { ...AXIS_TEXT, width: 130, overflow: 'truncate' }, axisTick: { show: false } },
    series: [{ name, type: 'bar', data: [...values].reverse(), barMaxWidth: 20, itemStyle: { borderRadius: [0, 3, 3, 0] }, colorBy: 'data' }],
  };
}

/** How much of a limit is used: a gauge that turns amber past 80 % and red at the limit. */
/** `percent` writes the share used (in percent) in the interface language: 54,8% / 54.8%. */
export function quotaGauge(used: number, limit: number, name: string, percent: (v: number) => string): EChartsCoreOption {
  const share = limit > 0 ? Math.min(1, used / limit) : 1;
  const color = share >= 1 ? '#e03131' : share >= 0.8 ? '#f08c00' : '#1f5fbf';
  return {
    series: [
      {
        name,
        type: 'gauge',
        startAngle: 210,
        endAngle: -30,
        min: 0,
        max: 100,
        radius: '95%',
        center: ['50%', '58%'],
        progress: { show: true, width: 14, itemStyle: { color } },
        axisLine: { lineStyle: { width: 14, color: [[1, '#eef1f6']] } },
        pointer: { show: false },
        axisTick: { show: false },
        splitLine: { show: false },
        axisLabel: { show: false },
        title: { show: false },
        detail: {
          valueAnimation: false,
          offsetCenter: [0, '0%'],
          fontSize: 22,
          fontWeight: 650,
          color: '#1d2433',
          formatter: () => percent(Math.round(share * 1000) / 10),
        },
        data: [{ value: share * 100, name }],
      },
    ],
  };
}
