import { ConfirmDeleteButton } from '../../../app/components/ConfirmDeleteButton.tsx';
import { useRef, useState, type RefObject } from 'react';
import { Alert, Button, Card, Form, Input, Modal, Spin, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, EditOutlined, FileExcelOutlined, FileImageOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ECharts } from 'echarts/core';
import { endpoints, type SavedGraph, type SavedGraphResult } from '@nusa/contracts';
import { call, callFile, saveBlob } from '../../../api/call.ts';
import { describeError, reportError, toast } from '../../../app/feedback.tsx';
import { AnswerChart } from '../ai-insights/AnswerChart.tsx';
import { AnswerTable } from '../ai-insights/AnswerTable.tsx';
import { fileNameOf, SAVED_GRAPHS_KEY, savedGraphResultKey } from './saved-graphs-api.ts';
import './saved-graphs.css';

interface Props {
  graph: SavedGraph;
  canEdit: boolean;
  first: boolean;
  last: boolean;
  moving: boolean;
  onMove: (by: -1 | 1) => void;
}

/** One saved graph: its name and dataset, its answer on current data (or why it cannot be shown), and its actions. */
export function SavedGraphCard({ graph, canEdit, first, last, moving, onMove }: Props) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const chart = useRef<ECharts | null>(null);
  const [renaming, setRenaming] = useState(false);
  const result = useQuery({
    queryKey: savedGraphResultKey(graph.savedGraphId),
    queryFn: ({ signal }) => call(endpoints.runSavedGraph, { params: { savedGraphId: graph.savedGraphId }, signal }),
    meta: { silent: true },
    retry: false,
  });
  const remove = useMutation({
    mutationFn: () => call(endpoints.deleteSavedGraph, { params: { savedGraphId: graph.savedGraphId } }),
    onSuccess: () => {
      toast.success(t('analysisGraphs.deleted'));
      void client.invalidateQueries({ queryKey: SAVED_GRAPHS_KEY, exact: true });
    },
  });
  const xlsx = useMutation({
    mutationFn: () => callFile(endpoints.exportSavedGraph, { params: { savedGraphId: graph.savedGraphId } }),
    onSuccess: (blob) => saveBlob(blob, `${fileNameOf(graph.name)}.xlsx`),
  });
  const png = () => {
    const drawn = chart.current;
    if (!drawn) return;
    const url = drawn.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' });
    void fetch(url)
      .then((r) => r.blob())
      .then((blob) => saveBlob(blob, `${fileNameOf(graph.name)}.png`))
      .catch(reportError);
  };
  const answer = result.data;
  const drawable = !!answer && (answer.chart.kind === 'line' || answer.chart.kind === 'bar' || answer.chart.kind === 'pie');

  const actions = (
    <div className="saved-graphs__actions" role="group" aria-label={t('analysisGraphs.actions', { name: graph.name })}>
      {canEdit && (
        <>
          <Tooltip title={t('analysisGraphs.moveUp')}>
            <Button
              type="text"
              icon={<ArrowUpOutlined />}
              aria-label={`${t('analysisGraphs.moveUp')} ${graph.name}`}
              disabled={first || moving}
              onClick={() => onMove(-1)}
            />
          </Tooltip>
          <Tooltip title={t('analysisGraphs.moveDown')}>
            <Button
              type="text"
              icon={<ArrowDownOutlined />}
              aria-label={`${t('analysisGraphs.moveDown')} ${graph.name}`}
              disabled={last || moving}
              onClick={() => onMove(1)}
            />
          </Tooltip>
          <Tooltip title={t('analysisGraphs.rename')}>
            <Button type="text" icon={<EditOutlined />} aria-label={`${t('analysisGraphs.rename')} ${graph.name}`} onClick={() => setRenaming(true)} />
          </Tooltip>
        </>
      )}
      <Tooltip title={t('analysisGraphs.exportPng')}>
        <Button type="text" icon={<FileImageOutlined />} aria-label={`${t('analysisGraphs.exportPng')} ${graph.name}`} disabled={!drawable} onClick={png} />
      </Tooltip>
      <Tooltip title={t('analysisGraphs.exportXlsx')}>
        <Button
          type="text"
          icon={<FileExcelOutlined />}
          aria-label={`${t('analysisGraphs.exportXlsx')} ${graph.name}`}
          disabled={!answer}
          loading={xlsx.isPending}
          onClick={() => xlsx.mutate()}
        />
      </Tooltip>
      {canEdit && (
        <ConfirmDeleteButton
          title={t('analysisGraphs.deleteConfirm', { name: graph.name })}
          okText={t('analysisGraphs.delete')}
          label={`${t('analysisGraphs.delete')} ${graph.name}`}
          tooltip={t('analysisGraphs.delete')}
          loading={remove.isPending}
          onConfirm={() => remove.mutateAsync()}
        />
      )}
    </div>
  );

  return (
    <Card
      className="saved-graphs__card"
      size="small"
      title={
        <div className="saved-graphs__title">
          <h2>{graph.name}</h2>
          <span>{graph.datasetName ? t('analysisGraphs.dataset', { name: graph.datasetName }) : t('analysisGraphs.datasetGone')}</span>
        </div>
      }
      extra={actions}
    >
      {result.isLoading && <Spin description={t('analysisGraphs.loading')} />}
      {result.isError && <Alert type="warning" showIcon title={describeError(result.error)} />}
      {answer && <GraphAnswer answer={answer} chartRef={chart} named={graph.name} />}
      {renaming && <RenameDialog graph={graph} onClose={() => setRenaming(false)} />}
    </Card>
  );
}

/** The answer under the card's name; its words only when the name says something else (a renamed graph). */
function GraphAnswer({ answer, chartRef, named }: { answer: SavedGraphResult; chartRef: RefObject<ECharts | null>; named: string }) {
  const { t } = useTranslation();
  return (
    <div className="saved-graphs__answer">
      {answer.description !== named && <p className="ai-insights__description">{answer.description}</p>}
      <AnswerChart answer={answer} chartRef={chartRef} />
      {answer.chart.kind === 'table' && <AnswerTable answer={answer} emptyText={t('analysisGraphs.noRows')} />}
      {answer.insight && <p className="ai-insights__insight">{answer.insight}</p>}
    </div>
  );
}

function RenameDialog({ graph, onClose }: { graph: SavedGraph; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<{ name: string }>();
  const rename = useMutation({
    mutationFn: (name: string) => call(endpoints.renameSavedGraph, { params: { savedGraphId: graph.savedGraphId }, body: { name } }),
    onSuccess: (renamed) => {
      client.setQueryData<{ items: SavedGraph[] }>(SAVED_GRAPHS_KEY, (list) =>
        list ? { items: list.items.map((g) => (g.savedGraphId === renamed.savedGraphId ? renamed : g)) } : list,
      );
      onClose();
    },
  });
  return (
    <Modal
      open
      title={t('analysisGraphs.renameTitle')}
      okText={t('crud.save')}
      cancelText={t('common.cancel')}
      confirmLoading={rename.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" initialValues={{ name: graph.name }} onFinish={(v) => rename.mutate(v.name.trim())}>
        <Form.Item name="name" label={t('analysisGraphs.name')} rules={[{ required: true, whitespace: true, message: t('analysisGraphs.nameRequired') }]}>
          <Input maxLength={120} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
