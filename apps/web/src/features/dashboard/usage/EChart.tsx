import { useEffect, useRef, useState } from 'react';
import type { ECharts, EChartsCoreOption } from 'echarts/core';

/**
 * One ECharts chart, drawn once ECharts' own chunk has loaded (a dynamic import: the dashboard's first paint and the
 * login page carry none of it), redrawn when `option` changes and resized with its box.
 */
export function EChart({ option, height = 240, label }: { option: EChartsCoreOption; height?: number; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ECharts | null>(null);

  useEffect(() => {
    let gone = false;
    let made: ECharts | undefined;
    let observer: ResizeObserver | undefined;
    void import('./echarts-setup.ts').then(({ echarts }) => {
      if (gone || !box.current) return;
      made = echarts.init(box.current, undefined, { renderer: 'canvas' });
      observer = new ResizeObserver(() => made?.resize());
      observer.observe(box.current);
      setChart(made);
    });
    return () => {
      gone = true;
      observer?.disconnect();
      made?.dispose();
    };
  }, []);

  useEffect(() => {
    // No growing bars for a user who asked for less motion (and for screenshots taken that way).
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    chart?.setOption(still ? { ...option, animation: false } : option, { notMerge: true });
  }, [chart, option]);

  return <div ref={box} className="usage-chart" role="img" aria-label={label} style={{ height }} />;
}
