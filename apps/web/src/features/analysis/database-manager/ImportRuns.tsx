import { useEffect, useRef } from 'react';
import { Alert, Button, Card, Progress, Table } from 'antd';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IMPORT_RUN_POLL_MS, endpoints, type AnalysisImportRun } from '@nusa/contracts';
import { ApiError } from '../../../api/api-error.ts';
import { call } from '../../../api/call.ts';
import { describeError } from '../../../app/feedback.tsx';
import { useFormat } from '../../../app/use-format.ts';
import type { TrackedImport } from './import-runs.ts';
import { queryKeyOf } from '../../../api/query-keys.ts';

const finished = (run?: AnalysisImportRun) => run?.status === 'done' || run?.status === 'failed';

/**
 * The tracked import runs, polled until done: rows read while running, then the bad cells by row and column.
 * `onDone` is called once per run that ends done, after its answer is kept: called from the poll itself, an
 * `onDone` that invalidates the run's own query (e.g. all of ['analysis']) cancelled that poll and started it again,
 * for ever, and the card stayed on "waiting" (issue 13).
 */
export function ImportRuns({ runs, onDismiss, onDone }: { runs: TrackedImport[]; onDismiss: (importId: string) => void; onDone: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const answers = useQueries({
    queries: runs.map((r) => ({
      queryKey: queryKeyOf(endpoints.getAnalysisImport, r.importId),
      queryFn: ({ signal }: { signal: AbortSignal }) => call(endpoints.getAnalysisImport, { params: { importId: r.importId }, signal }),
      meta: { silent: true },
      refetchInterval: (q: { state: { data?: AnalysisImportRun } }) => (finished(q.state.data) ? false : IMPORT_RUN_POLL_MS),
    })),
  });
  const reported = useRef(new Set<string>());
  const done = runs.filter((_, i) => answers[i]?.data?.status === 'done').map((r) => r.importId);
  const doneKey = done.join();
  useEffect(() => {
    const fresh = done.filter((id) => !reported.current.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) reported.current.add(id);
    onDone();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per newly done run, whatever the callers' identity
  }, [doneKey]);
  if (runs.length === 0) return null;
  return (
    <div className="analysis-imports">
      {runs.map((r, i) => {
        const answer = answers[i];
        const run = answer?.data;
        const close = (
          <Button size="small" onClick={() => onDismiss(r.importId)}>
            {t('common.close')}
          </Button>
        );
        if (answer?.isError) {
          return <Alert key={r.importId} type="error" showIcon title={`${r.name}: ${describeError(answer.error)}`} action={close} />;
        }
        if (!run || !finished(run)) {
          return (
            <Card key={r.importId} size="small" className="analysis-import">
              <strong>{r.name}</strong>
              <Progress percent={100} status="active" showInfo={false} />
              <span>{run?.status === 'running' ? t('analysis.import.running', { rows: f.number(run.rowsRead) }) : t('analysis.import.queued')}</span>
            </Card>
          );
        }
        if (run.status === 'failed') {
          return (
            <Alert
              key={r.importId}
              type="error"
              showIcon
              title={`${r.name}: ${describeError(new ApiError(422, run.errorCode ?? 'processing_error', run.errorArgs ?? []))}`}
              action={close}
            />
          );
        }
        const errors = run.report?.errors ?? [];
        return (
          <Card key={r.importId} size="small" className="analysis-import" title={r.name} extra={close}>
            <Alert
              type={errors.length ? 'warning' : 'success'}
              showIcon
              title={t('analysis.import.done', {
                rows: f.number(run.report?.rows ?? run.rowsRead),
                bad: f.number(errors.filter((e) => e.errorCode === 'analysis_cell_invalid').length),
              })}
            />
            {errors.length > 0 && (
              <Table
                size="small"
                rowKey={(e) => `${e.row}/${e.column}/${e.errorCode}`}
                dataSource={errors}
                pagination={{ pageSize: 10, showSizeChanger: false }}
                columns={[
                  { title: t('analysis.import.row'), dataIndex: 'row', width: 80 },
                  { title: t('analysis.import.column'), dataIndex: 'column', width: 160 },
                  { title: t('analysis.import.reason'), key: 'reason', render: (_: unknown, e) => describeError(new ApiError(422, e.errorCode, e.errorArgs)) },
                ]}
              />
            )}
          </Card>
        );
      })}
    </div>
  );
}
