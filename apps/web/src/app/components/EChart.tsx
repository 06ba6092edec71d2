import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ECharts, EChartsCoreOption } from 'echarts/core';
import { useReducedMotion } from './viewport.ts';

/**
 * One ECharts chart, drawn once ECharts' own chunk has loaded (a dynamic import: the dashboard's first paint and the
 * login page carry none of it), redrawn when `option` changes and resized with its box.
 */
export function EChart({
  option,
  height = 240,
  label,
  chartRef,
}: {
  option: EChartsCoreOption;
  height?: number;
  label: string;
  /** Holds the drawn chart while it is shown (a saved graph exports it as PNG with getDataURL). */
  chartRef?: RefObject<ECharts | null>;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ECharts | null>(null);
  const still = useReducedMotion();

  useEffect(() => {
    let gone = false;
    let made: ECharts | undefined;
    let observer: ResizeObserver | undefined;
    void import('../../features/dashboard/usage/echarts-setup.ts').then(({ echarts }) => {
      if (gone || !box.current) return;
      made = echarts.init(box.current, undefined, { renderer: 'canvas' });
      observer = new ResizeObserver(() => made?.resize());
      observer.observe(box.current);
      setChart(made);
      if (chartRef) chartRef.current = made;
    });
    return () => {
      gone = true;
      observer?.disconnect();
      if (chartRef && chartRef.current === made) chartRef.current = null;
      made?.dispose();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the chart is made once; the ref is the caller's box for it
  }, []);

  useEffect(() => {
    // No growing bars for a user who asked for less motion (and for screenshots taken that way).
    chart?.setOption(still ? { ...option, animation: false } : option, { notMerge: true });
  }, [chart, option, still]);

  return <div ref={box} className="usage-chart" role="img" aria-label={label} style={{ height }} />;
}
