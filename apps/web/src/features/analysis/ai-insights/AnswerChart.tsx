import { useMemo, type RefObject } from 'react';
import type { ECharts, EChartsCoreOption } from 'echarts/core';
import type { AskAnswer } from '@nusa/contracts';
import { EChart } from '../../../app/components/EChart.tsx';
import { formatCell } from '../analysis-format.ts';
import { useFormat } from '../../../app/use-format.ts';

/**
 * The answer's chart: a single figure as one big number; line, bar and pie drawn by ECharts (loaded on first use)
 * from the server's option, with numbers in the interface language (Rupiah where the measure is money) on the axis and in
 * tooltips.
 */
export function AnswerChart({ answer, chartRef }: { answer: Pick<AskAnswer, 'chart' | 'columns'>; chartRef?: RefObject<ECharts | null> }) {
  const { chart, columns } = answer;
  const measure = columns.find((c) => c.key === chart.valueKeys[0]);
  const type = measure?.type ?? 'number';
  const f = useFormat();
  const option = useMemo((): EChartsCoreOption => {
    const o = chart.option as Record<string, unknown>;
    const valueFormatter = (v: unknown) => (typeof v === 'number' ? formatCell(v, type, f) : String(v ?? ''));
    const yAxis = o.yAxis
      ? { ...(o.yAxis as object), axisLabel: { formatter: (v: number) => (type === 'money' ? f.moneyCompact(v) : f.compact(v)) } }
      : undefined;
    // One series needs no legend (the title names it); several get theirs above the plot, never over the axis.
    const series = Array.isArray(o.series) ? o.series.length : 0;
    const legend = o.legend ? { ...(o.legend as object), show: series > 1, top: 0, type: 'scroll' } : undefined;
    return {
      ...o,
      ...(legend ? { legend } : {}),
      ...(yAxis ? { yAxis, grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true } } : {}),
      tooltip: { ...(o.tooltip as object), valueFormatter },
    };
  }, [chart.option, type, f]);

  if (chart.kind === 'table') return null;
  if (chart.kind === 'number') {
    const value = (chart.option as { value?: number | string | null }).value ?? null;
    const label = (chart.option as { label?: string }).label ?? measure?.label ?? '';
    return (
      <div role="figure" aria-label={chart.title}>
        <div className="ai-insights__figure">{formatCell(value, type, f)}</div>
        <div className="ai-insights__figure-label">{label}</div>
      </div>
    );
  }
  return <EChart option={option} height={300} label={chart.title} chartRef={chartRef} />;
}
